ALTER TABLE "cohorts" ADD COLUMN "reveal_step" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cohorts" ADD COLUMN "reveal_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "help_requests" ADD COLUMN "answer" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_reveal_step" CHECK ("cohorts"."reveal_step" between 0 and 4);