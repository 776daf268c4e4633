-- UNLOGGED (written by hand; drizzle-kit cannot express it): failure counters need no crash safety,
-- and skipping the WAL keeps each failed look-up cheap. docs/decisions/006-shared-rate-limit-store.md
CREATE UNLOGGED TABLE "rate_limits" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits" USING btree ("reset_at");