-- Written by hand: admin_listeners is UNLOGGED (drizzle-kit cannot express it); open streams need no crash safety.
CREATE UNLOGGED TABLE "admin_listeners" (
	"stream_id" uuid PRIMARY KEY NOT NULL,
	"instance" varchar(64) NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cohorts" ADD COLUMN "revealed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "admin_listeners_seen_at_idx" ON "admin_listeners" USING btree ("seen_at");