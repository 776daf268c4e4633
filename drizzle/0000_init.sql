CREATE TABLE "ballot_entries" (
	"ballot_id" uuid NOT NULL,
	"voted_for_team_id" uuid NOT NULL,
	"rank" smallint NOT NULL,
	CONSTRAINT "ballot_entries_ballot_rank_unique" UNIQUE("ballot_id","rank"),
	CONSTRAINT "ballot_entries_ballot_team_unique" UNIQUE("ballot_id","voted_for_team_id"),
	CONSTRAINT "ballot_entries_rank_range" CHECK ("ballot_entries"."rank" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "ballots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cohort_tag" varchar(48) NOT NULL,
	"voter_team_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ballots_voter_team_unique" UNIQUE("voter_team_id")
);
--> statement-breakpoint
CREATE TABLE "cohorts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tag" varchar(48) NOT NULL,
	"name" varchar(120) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"competition_enabled" boolean DEFAULT false NOT NULL,
	"voting_open" boolean DEFAULT false NOT NULL,
	"results_visible" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cohorts_tag_unique" UNIQUE("tag")
);
--> statement-breakpoint
CREATE TABLE "phase_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"phase_number" smallint NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phase_data_team_phase_unique" UNIQUE("team_id","phase_number"),
	CONSTRAINT "phase_data_phase_range" CHECK ("phase_data"."phase_number" between 1 and 8)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"team_id" uuid,
	"user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_kind_owner" CHECK (("sessions"."kind" = 'team' and "sessions"."team_id" is not null) or ("sessions"."kind" = 'admin' and "sessions"."user_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(4) NOT NULL,
	"name" varchar(80) NOT NULL,
	"avatar_icon" varchar(64),
	"current_phase" smallint DEFAULT 1 NOT NULL,
	"cohort_tag" varchar(48),
	"access_token" varchar(64) NOT NULL,
	"submitted_website_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_code_unique" UNIQUE("code"),
	CONSTRAINT "teams_access_token_unique" UNIQUE("access_token"),
	CONSTRAINT "teams_current_phase_range" CHECK ("teams"."current_phase" between 1 and 8)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" varchar(64) NOT NULL,
	"password_hash" text NOT NULL,
	"role" varchar(16) DEFAULT 'admin' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "ballot_entries" ADD CONSTRAINT "ballot_entries_ballot_id_ballots_id_fk" FOREIGN KEY ("ballot_id") REFERENCES "public"."ballots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballot_entries" ADD CONSTRAINT "ballot_entries_voted_for_team_id_teams_id_fk" FOREIGN KEY ("voted_for_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballots" ADD CONSTRAINT "ballots_cohort_tag_cohorts_tag_fk" FOREIGN KEY ("cohort_tag") REFERENCES "public"."cohorts"("tag") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "ballots" ADD CONSTRAINT "ballots_voter_team_id_teams_id_fk" FOREIGN KEY ("voter_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phase_data" ADD CONSTRAINT "phase_data_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_cohort_tag_cohorts_tag_fk" FOREIGN KEY ("cohort_tag") REFERENCES "public"."cohorts"("tag") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "ballot_entries_voted_for_idx" ON "ballot_entries" USING btree ("voted_for_team_id");--> statement-breakpoint
CREATE INDEX "ballots_cohort_tag_idx" ON "ballots" USING btree ("cohort_tag");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_team_id_idx" ON "sessions" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "teams_cohort_tag_idx" ON "teams" USING btree ("cohort_tag");