-- Written by hand: presence is UNLOGGED (drizzle-kit cannot express it); open pages need no crash safety.
CREATE UNLOGGED TABLE "presence" (
	"team_id" uuid NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"stream_id" uuid NOT NULL,
	"instance" varchar(64) NOT NULL,
	"phase" smallint,
	"label" varchar(60),
	"admin" boolean DEFAULT false NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presence_team_id_client_id_pk" PRIMARY KEY("team_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "phase_data" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "phase_data" ADD COLUMN "field_versions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Written by hand: answers saved before field-by-field merging count as written by version 1.
UPDATE "phase_data" SET "field_versions" = coalesce((SELECT jsonb_object_agg(k, 1) FROM jsonb_object_keys("data") AS k), '{}'::jsonb);--> statement-breakpoint
ALTER TABLE "presence" ADD CONSTRAINT "presence_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presence_seen_at_idx" ON "presence" USING btree ("seen_at");--> statement-breakpoint
ALTER TABLE "phase_data" ADD CONSTRAINT "phase_data_size" CHECK (octet_length("phase_data"."data"::text) <= 81920);