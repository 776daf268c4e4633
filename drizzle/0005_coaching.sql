CREATE TABLE "feedback_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"phase_number" smallint NOT NULL,
	"body" text NOT NULL,
	"author" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "feedback_notes_phase" CHECK ("feedback_notes"."phase_number" between 1 and 8),
	CONSTRAINT "feedback_notes_body" CHECK (char_length("feedback_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "help_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"phase_number" smallint NOT NULL,
	"message" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(12) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"answered_by" varchar(64),
	CONSTRAINT "help_requests_phase" CHECK ("help_requests"."phase_number" between 1 and 8),
	CONSTRAINT "help_requests_status" CHECK ("help_requests"."status" in ('open', 'answered', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "feedback_notes" ADD CONSTRAINT "feedback_notes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_notes_team_idx" ON "feedback_notes" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "help_requests_one_open_idx" ON "help_requests" USING btree ("team_id") WHERE "help_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "help_requests_open_idx" ON "help_requests" USING btree ("created_at") WHERE "help_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "help_requests_team_idx" ON "help_requests" USING btree ("team_id","created_at");