-- Written by hand (docs/decisions/048-the-room-reads-one-story.md). A cohort's room code: what a person types
-- from the room's screen, 6 random characters of the join code's 16 (no 0/O, 1/I/L, 5/S, 8/B). Each existing
-- cohort draws one (a volatile default is drawn per row); the few that drew a code another holds draw again,
-- until no two are equal, before the code is required and unique. Then the avatars of each cohort's teams
-- are made distinct (last statement).
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
--> statement-breakpoint
-- No two teams of a cohort share an avatar: where several do, the team that came first keeps it and each other
-- takes the first avatar (in the list's order) that nobody in its cohort holds. With all 36 held, a team
-- keeps its own.
WITH "avatars" ("icon", "k") AS (VALUES ('fox.svg', 1), ('cat.svg', 2), ('dog.svg', 3), ('lion.svg', 4), ('tiger.svg', 5), ('panda.svg', 6), ('koala.svg', 7), ('bear.svg', 8), ('rabbit.svg', 9), ('mouse.svg', 10), ('hamster.svg', 11), ('frog.svg', 12), ('monkey.svg', 13), ('pig.svg', 14), ('cow.svg', 15), ('horse.svg', 16), ('unicorn.svg', 17), ('wolf.svg', 18), ('owl.svg', 19), ('penguin.svg', 20), ('chick.svg', 21), ('eagle.svg', 22), ('parrot.svg', 23), ('flamingo.svg', 24), ('peacock.svg', 25), ('dolphin.svg', 26), ('whale.svg', 27), ('octopus.svg', 28), ('turtle.svg', 29), ('crocodile.svg', 30), ('dragon.svg', 31), ('butterfly.svg', 32), ('bee.svg', 33), ('ladybug.svg', 34), ('hedgehog.svg', 35), ('sloth.svg', 36)),
"ranked" AS (
	SELECT "id", "cohort_tag", row_number() OVER (PARTITION BY "cohort_tag", "avatar_icon" ORDER BY "created_at", "id") AS "n", "created_at"
	FROM "teams" WHERE "cohort_tag" IS NOT NULL AND "avatar_icon" IS NOT NULL
), "repeats" AS (
	SELECT "id", "cohort_tag", row_number() OVER (PARTITION BY "cohort_tag" ORDER BY "created_at", "id") AS "r"
	FROM "ranked" WHERE "n" > 1
), "free" AS (
	SELECT c."cohort_tag", a."icon", row_number() OVER (PARTITION BY c."cohort_tag" ORDER BY a."k") AS "r"
	FROM (SELECT DISTINCT "cohort_tag" FROM "repeats") c CROSS JOIN "avatars" a
	WHERE NOT EXISTS (SELECT 1 FROM "teams" t WHERE t."cohort_tag" = c."cohort_tag" AND t."avatar_icon" = a."icon")
)
UPDATE "teams" SET "avatar_icon" = f."icon", "updated_at" = now()
FROM "repeats" r JOIN "free" f ON f."cohort_tag" = r."cohort_tag" AND f."r" = r."r"
WHERE "teams"."id" = r."id";