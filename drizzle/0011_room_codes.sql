-- Written by hand (docs/decisions/048-the-room-reads-one-story.md). A cohort's room code: what a person types
-- from the room's screen, 6 random characters of the join code's 16 (no 0/O, 1/I/L, 5/S, 8/B). Each existing
-- cohort draws one (a volatile default is drawn per row); the few that drew a code another holds draw again,
-- until no two are equal, before the code is required and unique.
ALTER TABLE "cohorts" ADD COLUMN "room_code" varchar(8) DEFAULT translate(substr(replace(gen_random_uuid()::text, '-', ''), 1, 6), '0123456789abcdef', 'ACDEFGHJKMNPRTWX');--> statement-breakpoint
DO $$
BEGIN
	WHILE EXISTS (SELECT 1 FROM "cohorts" GROUP BY "room_code" HAVING count(*) > 1) LOOP
		UPDATE "cohorts" SET "room_code" = translate(substr(replace(gen_random_uuid()::text, '-', ''), 1, 6), '0123456789abcdef', 'ACDEFGHJKMNPRTWX')
		WHERE "tag" IN (
			SELECT "tag" FROM (
				SELECT "tag", row_number() OVER (PARTITION BY "room_code" ORDER BY "created_at", "tag") AS "n" FROM "cohorts"
			) "drawn" WHERE "drawn"."n" > 1
		);
	END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "cohorts" ALTER COLUMN "room_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_room_code_unique" UNIQUE("room_code");
