-- Written by hand (docs/decisions/044-regulated-services.md). The claims a team must not make were an answer of
-- Activity 3 (Evidence Research); they are now a shared fact of the business profile, first asked in Activity 1.
-- For each team, the non-blank copy of the most recently saved activity that held one becomes the team's fact
-- (Activity 3 winning a tie), given in the earliest activity that held one, unless the team already has it.
WITH "copies" AS (
	SELECT p."team_id", p."phase_number", p."updated_at", p."data" ->> 'claims_to_avoid' AS "value"
	FROM "phase_data" p
	WHERE jsonb_typeof(p."data" -> 'claims_to_avoid') = 'string' AND btrim(p."data" ->> 'claims_to_avoid') <> ''
), "chosen" AS (
	SELECT DISTINCT ON ("team_id") "team_id", "value", "updated_at"
	FROM "copies"
	ORDER BY "team_id", "updated_at" DESC, ("phase_number" = 3) DESC, "phase_number"
)
INSERT INTO "team_facts" ("team_id", "fact_id", "value", "given_in", "updated_at")
SELECT c."team_id", 'claims_to_avoid', c."value",
	(SELECT min(o."phase_number") FROM "copies" o WHERE o."team_id" = c."team_id"),
	c."updated_at"
FROM "chosen" c
ON CONFLICT ("team_id", "fact_id") DO NOTHING;--> statement-breakpoint
-- The copies leave the activities' answers (blank ones too); versions stay as they were, and the removed field
-- leaves the record of which version wrote each field.
UPDATE "phase_data" SET
	"data" = "data" - 'claims_to_avoid',
	"field_versions" = "field_versions" - 'claims_to_avoid'
WHERE "data" ? 'claims_to_avoid' OR "field_versions" ? 'claims_to_avoid';--> statement-breakpoint
-- A shared fact is the same field in every activity that asks it, and the sensitive areas gained an option
-- ("Employment", before "None of these"; the stored values of the others are unchanged) and a tooltip that
-- names it. Instructors' programmes hold their own copy of each activity's fields: in every draft and every
-- published version, the sensitive areas field takes the fact's options and tooltip, so each still reads.
UPDATE "programme_versions" v SET "activities" = (
	SELECT jsonb_agg(
		CASE WHEN jsonb_typeof(a -> 'fields') = 'array' AND jsonb_array_length(a -> 'fields') > 0
			THEN jsonb_set(a, '{fields}', (
				SELECT jsonb_agg(
					CASE WHEN f ->> 'id' = 'sensitive_areas' THEN f || '{"options":[{"value":"children","label":"Children","description":"Children use it, or it is made for them"},{"value":"health","label":"Health or wellbeing","description":"Health, fitness, beauty or medical benefits, health care or testing (a product or a service), or health data"},{"value":"food","label":"Food or drink","description":"You make, serve or sell something to eat or drink"},{"value":"finance","label":"Money","description":"Payments, lending, investing, insurance or financial advice"},{"value":"personal_data","label":"Data about other people","description":"Data about people other than your buyer: employees, drivers, patients or pupils (where they are, what they do, monitoring)"},{"value":"safety","label":"Safety","description":"People rely on it to prevent harm, or it falls under a safety regime"},{"value":"advice","label":"Professional advice","description":"It gives legal, tax, accounting, engineering, medical or financial advice or sign-off, or your people do"},{"value":"employment","label":"Employment","description":"It is used to hire, test, check or monitor workers: drug and alcohol tests, fitness for work, background checks, workplace monitoring"},{"value":"none","label":"None of these","exclusive":true}],"tooltip":"Some products and services carry extra rules: marketing to children and collecting their data, claims about health or a health service and the health data it holds, food labelling and allergens, financial promotions and licences, data about employees, drivers, patients or pupils, testing, checking or monitoring workers, safety claims, and advice only a qualified professional may give. What you tick here switches those cautions on in every prompt, and only those."}'::jsonb ELSE f END
					ORDER BY fi)
				FROM jsonb_array_elements(a -> 'fields') WITH ORDINALITY AS x(f, fi)))
			ELSE a END
		ORDER BY ai)
	FROM jsonb_array_elements(v."activities") WITH ORDINALITY AS y(a, ai))
WHERE jsonb_typeof(v."activities") = 'array'
	AND jsonb_path_exists(v."activities", '$[*].fields[*] ? (@.id == "sensitive_areas")');--> statement-breakpoint
UPDATE "programmes" p SET "draft" = jsonb_set(p."draft", '{activities}', (
	SELECT jsonb_agg(
		CASE WHEN jsonb_typeof(a -> 'fields') = 'array' AND jsonb_array_length(a -> 'fields') > 0
			THEN jsonb_set(a, '{fields}', (
				SELECT jsonb_agg(
					CASE WHEN f ->> 'id' = 'sensitive_areas' THEN f || '{"options":[{"value":"children","label":"Children","description":"Children use it, or it is made for them"},{"value":"health","label":"Health or wellbeing","description":"Health, fitness, beauty or medical benefits, health care or testing (a product or a service), or health data"},{"value":"food","label":"Food or drink","description":"You make, serve or sell something to eat or drink"},{"value":"finance","label":"Money","description":"Payments, lending, investing, insurance or financial advice"},{"value":"personal_data","label":"Data about other people","description":"Data about people other than your buyer: employees, drivers, patients or pupils (where they are, what they do, monitoring)"},{"value":"safety","label":"Safety","description":"People rely on it to prevent harm, or it falls under a safety regime"},{"value":"advice","label":"Professional advice","description":"It gives legal, tax, accounting, engineering, medical or financial advice or sign-off, or your people do"},{"value":"employment","label":"Employment","description":"It is used to hire, test, check or monitor workers: drug and alcohol tests, fitness for work, background checks, workplace monitoring"},{"value":"none","label":"None of these","exclusive":true}],"tooltip":"Some products and services carry extra rules: marketing to children and collecting their data, claims about health or a health service and the health data it holds, food labelling and allergens, financial promotions and licences, data about employees, drivers, patients or pupils, testing, checking or monitoring workers, safety claims, and advice only a qualified professional may give. What you tick here switches those cautions on in every prompt, and only those."}'::jsonb ELSE f END
					ORDER BY fi)
				FROM jsonb_array_elements(a -> 'fields') WITH ORDINALITY AS x(f, fi)))
			ELSE a END
		ORDER BY ai)
	FROM jsonb_array_elements(p."draft" -> 'activities') WITH ORDINALITY AS y(a, ai)))
WHERE jsonb_typeof(p."draft" -> 'activities') = 'array'
	AND jsonb_path_exists(p."draft" -> 'activities', '$[*].fields[*] ? (@.id == "sensitive_areas")');
