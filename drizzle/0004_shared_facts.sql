CREATE TABLE "team_facts" (
	"team_id" uuid NOT NULL,
	"fact_id" text NOT NULL,
	"value" text NOT NULL,
	"given_in" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_facts_team_id_fact_id_pk" PRIMARY KEY("team_id","fact_id"),
	CONSTRAINT "team_facts_given_in_range" CHECK ("team_facts"."given_in" between 1 and 8)
);
--> statement-breakpoint
ALTER TABLE "team_facts" ADD CONSTRAINT "team_facts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand: answers saved before shared facts held one copy of each fact per activity. For each team
-- and fact, the non-blank copy of the most recently saved activity becomes the team's fact (the fact's home
-- activity wins a tie), given in the earliest activity that held one. Two ids were renamed: activity 2's
-- "our_position" is now "current_offer", activity 8's "problem_solved" is now "unmet_need".
WITH "homes" ("fact_id", "home") AS (
	VALUES ('company_name', 1), ('sector', 1), ('target_region', 1), ('target_audience', 1), ('current_offer', 1),
		('brand_adjectives', 4), ('concept_name', 5), ('unmet_need', 5), ('concept_description', 5), ('proof_points', 5)
), "copies" AS (
	SELECT p."team_id", p."phase_number", p."updated_at", h."fact_id", h."home", e.value #>> '{}' AS "value"
	FROM "phase_data" p
	CROSS JOIN LATERAL jsonb_each(p."data") e
	JOIN "homes" h ON h."fact_id" = CASE e.key
		WHEN 'our_position' THEN 'current_offer' WHEN 'problem_solved' THEN 'unmet_need' ELSE e.key END
	WHERE jsonb_typeof(e.value) = 'string' AND btrim(e.value #>> '{}') <> ''
), "chosen" AS (
	SELECT DISTINCT ON ("team_id", "fact_id") "team_id", "fact_id", "value", "updated_at"
	FROM "copies"
	ORDER BY "team_id", "fact_id", "updated_at" DESC, ("phase_number" = "home") DESC, "phase_number"
)
INSERT INTO "team_facts" ("team_id", "fact_id", "value", "given_in", "updated_at")
SELECT c."team_id", c."fact_id", c."value",
	(SELECT min(o."phase_number") FROM "copies" o WHERE o."team_id" = c."team_id" AND o."fact_id" = c."fact_id"),
	c."updated_at"
FROM "chosen" c;--> statement-breakpoint
-- The copies leave the activities' answers (blank ones too); versions stay as they were, and the removed
-- fields leave the record of which version wrote each field.
UPDATE "phase_data" SET
	"data" = "data" - ARRAY['company_name', 'sector', 'target_region', 'target_audience', 'current_offer',
		'brand_adjectives', 'concept_name', 'unmet_need', 'concept_description', 'proof_points', 'our_position', 'problem_solved'],
	"field_versions" = "field_versions" - ARRAY['company_name', 'sector', 'target_region', 'target_audience', 'current_offer',
		'brand_adjectives', 'concept_name', 'unmet_need', 'concept_description', 'proof_points', 'our_position', 'problem_solved']
WHERE "data" ?| ARRAY['company_name', 'sector', 'target_region', 'target_audience', 'current_offer',
	'brand_adjectives', 'concept_name', 'unmet_need', 'concept_description', 'proof_points', 'our_position', 'problem_solved']
	OR "field_versions" ?| ARRAY['company_name', 'sector', 'target_region', 'target_audience', 'current_offer',
	'brand_adjectives', 'concept_name', 'unmet_need', 'concept_description', 'proof_points', 'our_position', 'problem_solved'];
