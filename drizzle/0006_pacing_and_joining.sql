ALTER TABLE "cohorts" ADD COLUMN "join_code" varchar(16) DEFAULT translate(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12), '0123456789abcdef', 'ACDEFGHJKMNPRTWX') NOT NULL;--> statement-breakpoint
ALTER TABLE "cohorts" ADD COLUMN "joining_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cohorts" ADD COLUMN "pace_message" varchar(200);--> statement-breakpoint
ALTER TABLE "cohorts" ADD COLUMN "pace_phase" smallint;--> statement-breakpoint
ALTER TABLE "cohorts" ADD COLUMN "pace_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_join_code_unique" UNIQUE("join_code");--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_pace_phase_range" CHECK ("cohorts"."pace_phase" between 1 and 8);