CREATE TABLE "programme_versions" (
	"programme_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"activities" jsonb NOT NULL,
	"switched_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_by" varchar(64),
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programme_versions_programme_id_version_pk" PRIMARY KEY("programme_id","version"),
	CONSTRAINT "programme_versions_version" CHECK ("programme_versions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "programmes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(80) NOT NULL,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"draft" jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"draft_updated_by" varchar(64),
	"draft_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_revision" integer,
	CONSTRAINT "programmes_draft_size" CHECK (octet_length("programmes"."draft"::text) <= 1000000)
);
--> statement-breakpoint
ALTER TABLE "cohorts" ADD COLUMN "programme_id" uuid;--> statement-breakpoint
ALTER TABLE "programme_versions" ADD CONSTRAINT "programme_versions_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cohorts_programme_id_idx" ON "cohorts" USING btree ("programme_id");