-- Running a prompt on the institute's model (docs/decisions/045-running-prompts-on-a-model.md): the runs, each cohort's
-- switch, budget and limit a minute (off until its instructor switches runs on), and a team's pause.
CREATE TABLE "model_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"phase_number" smallint NOT NULL,
	"prompt" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"model" varchar(200) NOT NULL,
	"status" varchar(12) DEFAULT 'running' NOT NULL,
	"error" varchar(300),
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"reserved_tokens" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "model_runs_phase" CHECK ("model_runs"."phase_number" between 1 and 8),
	CONSTRAINT "model_runs_status" CHECK ("model_runs"."status" in ('running', 'done', 'stopped', 'failed')),
	CONSTRAINT "model_runs_prompt" CHECK (char_length("model_runs"."prompt") <= 40000),
	CONSTRAINT "model_runs_answer" CHECK (octet_length("model_runs"."answer") <= 1000000)
);
--> statement-breakpoint
ALTER TABLE "cohorts" ADD COLUMN "runs_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cohorts" ADD COLUMN "run_budget_tokens" integer DEFAULT 50000 NOT NULL;--> statement-breakpoint
ALTER TABLE "cohorts" ADD COLUMN "runs_per_minute" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "runs_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "model_runs" ADD CONSTRAINT "model_runs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_runs_team_idx" ON "model_runs" USING btree ("team_id","created_at");--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_run_budget" CHECK ("cohorts"."run_budget_tokens" between 1000 and 10000000);--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_runs_per_minute" CHECK ("cohorts"."runs_per_minute" between 1 and 60);