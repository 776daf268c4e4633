ALTER TABLE "phase_data" ADD COLUMN "text_state" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "team_facts" ADD COLUMN "text_state" text;--> statement-breakpoint
ALTER TABLE "phase_data" ADD CONSTRAINT "phase_data_text_size" CHECK (octet_length("phase_data"."text_state"::text) <= 393216);--> statement-breakpoint
ALTER TABLE "team_facts" ADD CONSTRAINT "team_facts_text_size" CHECK (octet_length("team_facts"."text_state") <= 65536);