import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * A programme an instructor made (docs/decisions/039-programmes.md): its draft, edited in the app and saved
 * whole with a revision that goes up by one with each save (a save names the revision it was made from, so
 * two instructors never overwrite each other silently), and its versions (`programme_versions`). The
 * Standard programme is not stored: it is the shipped configs. Never deleted, so no cohort or version loses
 * its programme. Usernames are kept as they were, like a feedback note's author.
 */
export const programmes = pgTable(
  'programmes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 80 }).notNull(),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: createdAt(),
    /** ProgrammeContent (src/shared/schemas/programmes.ts): may hold problems; a version never does. */
    draft: jsonb('draft').$type<{ activities: Record<string, unknown>[]; switchedOff: number[] }>().notNull(),
    revision: integer('revision').notNull().default(0),
    draftUpdatedBy: varchar('draft_updated_by', { length: 64 }),
    draftUpdatedAt: timestamp('draft_updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** The draft revision the newest version holds; null when the newest version is not a revision's. */
    publishedRevision: integer('published_revision'),
  },
  // The routes refuse a programme past PROGRAMME_MAX_BYTES as compact JSON; this bounds the row whatever.
  (t) => [check('programmes_draft_size', sql`octet_length(${t.draft}::text) <= 1000000`)],
);

/**
 * Every published version of a programme, kept: its activities' configs (checked when published) and the
 * activities switched off (apart, so what a team runs is read without its content). Numbered from 1 per
 * programme; a version never changes.
 */
export const programmeVersions = pgTable(
  'programme_versions',
  {
    programmeId: uuid('programme_id')
      .notNull()
      .references(() => programmes.id, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    activities: jsonb('activities').$type<Record<string, unknown>[]>().notNull(),
    switchedOff: jsonb('switched_off').$type<number[]>().notNull().default([]),
    publishedBy: varchar('published_by', { length: 64 }),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.programmeId, t.version] }),
    check('programme_versions_version', sql`${t.version} >= 1`),
  ],
);

export const cohorts = pgTable(
  'cohorts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tag: varchar('tag', { length: 48 }).notNull().unique(),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description').notNull().default(''),
    competitionEnabled: boolean('competition_enabled').notNull().default(false),
    votingOpen: boolean('voting_open').notNull().default(false),
    resultsVisible: boolean('results_visible').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    // When the instructor started the room's reveal of the winners; hiding the results clears it.
    revealedAt: timestamp('revealed_at', { withTimezone: true, mode: 'date' }),
    /**
     * How far the room's reveal has come (docs/decisions/052-the-room-reveal-held-and-paced.md): 0 before it,
     * 1 3rd place, 2 2nd, 3 1st, 4 the leaderboard (the whole reveal). Hiding the results clears it.
     */
    revealStep: smallint('reveal_step').notNull().default(0),
    /**
     * An instructor runs the room's reveal (opened it on the projector): until it starts, teams get no result
     * and their pages wait for the big screen. Stays with the cohort.
     */
    revealHeld: boolean('reveal_held').notNull().default(false),
    createdAt: createdAt(),
    /**
     * What a team's join link carries (docs/decisions/035-pacing-and-joining.md): 12 random characters of 16
     * that no one mistakes for others, drawn by the database (48 bits), so existing cohorts got one too.
     */
    joinCode: varchar('join_code', { length: 16 })
      .notNull()
      .unique()
      .default(
        sql`translate(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12), '0123456789abcdef', 'ACDEFGHJKMNPRTWX')`,
      ),
    /**
     * What a person types from the room's screen (docs/decisions/048-the-room-reads-one-story.md): 6 random
     * characters of the join code's 16, unique, drawn by the database; the migration drew one for every
     * existing cohort, drawing again until no two were equal. A cohort's creation retries on a collision.
     */
    roomCode: varchar('room_code', { length: 8 })
      .notNull()
      .unique()
      .default(
        sql`translate(substr(replace(gen_random_uuid()::text, '-', ''), 1, 6), '0123456789abcdef', 'ACDEFGHJKMNPRTWX')`,
      ),
    /** Whether a team may join by the join link now; the instructor closes and reopens it. */
    joiningOpen: boolean('joining_open').notNull().default(true),
    // The room's pace (docs/product.md, Pacing the room and joining a cohort): a short message, the activity
    // the room is on, and a countdown's end, by the database's clock. Each is null when not set.
    paceMessage: varchar('pace_message', { length: 200 }),
    pacePhase: smallint('pace_phase'),
    paceEndsAt: timestamp('pace_ends_at', { withTimezone: true, mode: 'date' }),
    /** The programme its teams run (published at least once); null: the Standard programme. */
    programmeId: uuid('programme_id').references(() => programmes.id, { onDelete: 'restrict' }),
    // Running prompts on the institute's model (docs/decisions/045-running-prompts-on-a-model.md): off until
    // the instructor switches it on; each team's budget in tokens, and the runs a team may start a minute.
    runsOn: boolean('runs_on').notNull().default(false),
    runBudgetTokens: integer('run_budget_tokens').notNull().default(50000),
    /** The cohort's own total that all its teams draw from; null: none (each team has its budget only). */
    runCohortBudgetTokens: integer('run_cohort_budget_tokens'),
    runsPerMinute: smallint('runs_per_minute').notNull().default(3),
  },
  (t) => [
    check('cohorts_pace_phase_range', sql`${t.pacePhase} between 1 and 8`),
    check('cohorts_run_budget', sql`${t.runBudgetTokens} between 1000 and 10000000`),
    check(
      'cohorts_run_cohort_budget',
      sql`${t.runCohortBudgetTokens} is null or ${t.runCohortBudgetTokens} between 1000 and 1000000000`,
    ),
    check('cohorts_runs_per_minute', sql`${t.runsPerMinute} between 1 and 60`),
    check('cohorts_reveal_step', sql`${t.revealStep} between 0 and 4`),
    index('cohorts_programme_id_idx').on(t.programmeId),
  ],
);

export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: varchar('code', { length: 4 }).notNull().unique(),
    name: varchar('name', { length: 80 }).notNull(),
    avatarIcon: varchar('avatar_icon', { length: 64 }),
    currentPhase: smallint('current_phase').notNull().default(1),
    // The tag is permanent, so teams reference it directly; archiving keeps the link.
    cohortTag: varchar('cohort_tag', { length: 48 }).references(() => cohorts.tag, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    accessToken: varchar('access_token', { length: 64 }).notNull().unique(),
    submittedWebsiteUrl: text('submitted_website_url'),
    /** The instructor paused this team's runs on the model. */
    runsPaused: boolean('runs_paused').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('teams_cohort_tag_idx').on(t.cohortTag),
    check('teams_current_phase_range', sql`${t.currentPhase} between 1 and 8`),
  ],
);

export const phaseData = pgTable(
  'phase_data',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    phaseNumber: smallint('phase_number').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    // Counts the saves of this activity; a save may name the version its copy came from.
    version: integer('version').notNull().default(1),
    // For each answer, the version whose save last wrote it: what lets saves from several devices merge
    // field by field (docs/decisions/014-merging-saves.md).
    fieldVersions: jsonb('field_versions').$type<Record<string, number>>().notNull().default({}),
    // The document of each text field typed with merging (base64 of a Yjs update, by field id): what lets
    // devices typing in one field at once keep every word (docs/decisions/051-text-typed-together-merges.md).
    // A field without one has the seed of its value.
    textState: jsonb('text_state').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('phase_data_team_phase_unique').on(t.teamId, t.phaseNumber),
    check('phase_data_phase_range', sql`${t.phaseNumber} between 1 and 8`),
    // Saves merge field by field, so no single save bounds the record: this does. 64 KiB of answers as
    // compact JSON, plus room for the spaces PostgreSQL's text form adds after each ':' and ','.
    check('phase_data_size', sql`octet_length(${t.data}::text) <= 81920`),
    // A document keeps the ids of what was typed besides the text: four times the answers' bound, as base64.
    check('phase_data_text_size', sql`octet_length(${t.textState}::text) <= 393216`),
  ],
);

/**
 * The team's shared facts (src/shared/shared-facts.ts): the answers several activities need, one copy per
 * team, so an edit in any activity is seen in every other. `given_in` is the activity where the team first
 * gave the fact, kept by later saves.
 */
export const teamFacts = pgTable(
  'team_facts',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    factId: text('fact_id').notNull(),
    value: text('value').notNull(),
    givenIn: smallint('given_in').notNull(),
    // The fact's document, as an activity's text field has one (base64 of a Yjs update); none: its value's seed.
    textState: text('text_state'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.factId] }),
    check('team_facts_given_in_range', sql`${t.givenIn} between 1 and 8`),
    check('team_facts_text_size', sql`octet_length(${t.textState}) <= 65536`),
  ],
);

export const ballots = pgTable(
  'ballots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cohortTag: varchar('cohort_tag', { length: 48 })
      .notNull()
      .references(() => cohorts.tag, { onDelete: 'cascade', onUpdate: 'cascade' }),
    // One ballot per team, whatever happens concurrently: the constraint decides.
    voterTeamId: uuid('voter_team_id')
      .notNull()
      .unique('ballots_voter_team_unique')
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('ballots_cohort_tag_idx').on(t.cohortTag)],
);

export const ballotEntries = pgTable(
  'ballot_entries',
  {
    ballotId: uuid('ballot_id')
      .notNull()
      .references(() => ballots.id, { onDelete: 'cascade' }),
    votedForTeamId: uuid('voted_for_team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    rank: smallint('rank').notNull(),
  },
  (t) => [
    unique('ballot_entries_ballot_rank_unique').on(t.ballotId, t.rank),
    unique('ballot_entries_ballot_team_unique').on(t.ballotId, t.votedForTeamId),
    index('ballot_entries_voted_for_idx').on(t.votedForTeamId),
    check('ballot_entries_rank_range', sql`${t.rank} between 1 and 3`),
  ],
);

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: varchar('username', { length: 64 }).notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: varchar('role', { length: 16 }).notNull().default('admin'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie's token: a database leak leaks no usable session.
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    kind: varchar('kind', { length: 8 }).notNull(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sessions_expires_at_idx').on(t.expiresAt),
    index('sessions_team_id_idx').on(t.teamId),
    check(
      'sessions_kind_owner',
      sql`(${t.kind} = 'team' and ${t.teamId} is not null) or (${t.kind} = 'admin' and ${t.userId} is not null)`,
    ),
  ],
);

/**
 * The pages open on each workspace now (docs/product.md, Autosave and collaboration): one row per open
 * event stream, refreshed by its heartbeat, so every instance on one PostgreSQL sees the same list and a
 * crashed instance's rows simply expire. Nothing here needs crash safety: the migration makes it UNLOGGED.
 */
export const presence = pgTable(
  'presence',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    // The stream that wrote the row: a reconnecting page's old stream must not delete its new row.
    streamId: uuid('stream_id').notNull(),
    // The app instance holding the stream: a save NOTIFYs the other instances only when they have pages.
    instance: varchar('instance', { length: 64 }).notNull(),
    phase: smallint('phase'),
    label: varchar('label', { length: 60 }),
    admin: boolean('admin').notNull().default(false),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.clientId] }), index('presence_seen_at_idx').on(t.seenAt)],
);

/**
 * The instructors' progress streams open now (docs/product.md, The live room): one row per open
 * `GET /api/admin/events`, refreshed by its heartbeat. A team's change NOTIFYs the other instances only
 * while one of them has such a stream, so autosave pays nothing for it the rest of the time. UNLOGGED,
 * like presence (the migration says so).
 */
export const adminListeners = pgTable(
  'admin_listeners',
  {
    streamId: uuid('stream_id').primaryKey(),
    instance: varchar('instance', { length: 64 }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('admin_listeners_seen_at_idx').on(t.seenAt)],
);

/**
 * An instructor's note on one activity of a team (docs/decisions/028-coaching.md): the team sees it on the
 * activity's page and marks it done. `author` keeps the instructor's username as it was (a note outlives
 * an account renamed or removed). Deleted with the team.
 */
export const feedbackNotes = pgTable(
  'feedback_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    phaseNumber: smallint('phase_number').notNull(),
    body: text('body').notNull(),
    author: varchar('author', { length: 64 }).notNull(),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('feedback_notes_team_idx').on(t.teamId, t.createdAt),
    check('feedback_notes_phase', sql`${t.phaseNumber} between 1 and 8`),
    check('feedback_notes_body', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

/**
 * A team's request for help (docs/decisions/028-coaching.md): open until an instructor answers it or the
 * team withdraws it. At most one open request per team (the partial unique index). Deleted with the team.
 */
export const helpRequests = pgTable(
  'help_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    phaseNumber: smallint('phase_number').notNull(),
    message: varchar('message', { length: 200 }).notNull().default(''),
    status: varchar('status', { length: 12 }).notNull().default('open'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    answeredBy: varchar('answered_by', { length: 64 }),
    /** The instructor's short answer, shown on the team's page; empty when only marked answered. */
    answer: varchar('answer', { length: 200 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('help_requests_one_open_idx').on(t.teamId).where(sql`${t.status} = 'open'`),
    index('help_requests_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
    index('help_requests_team_idx').on(t.teamId, t.createdAt),
    check('help_requests_phase', sql`${t.phaseNumber} between 1 and 8`),
    check('help_requests_status', sql`${t.status} in ('open', 'answered', 'withdrawn')`),
  ],
);

/**
 * A team's prompt run on the institute's model (docs/decisions/045-running-prompts-on-a-model.md): the prompt
 * as sent, the answer as written, the model, the tokens the model counted (or, when it gave no count, the
 * estimate) and the tokens the run held from the budget while it ran (`reserved_tokens`: counted against the
 * budget until the run ends, then zero). A run still `running` past the longest a run may last was cut off
 * by a crash: it holds nothing. Deleted with the team.
 */
export const modelRuns = pgTable(
  'model_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    phaseNumber: smallint('phase_number').notNull(),
    prompt: text('prompt').notNull(),
    answer: text('answer').notNull().default(''),
    model: varchar('model', { length: 200 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('running'),
    error: varchar('error', { length: 300 }),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    reservedTokens: integer('reserved_tokens').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('model_runs_team_idx').on(t.teamId, t.createdAt),
    check('model_runs_phase', sql`${t.phaseNumber} between 1 and 8`),
    check('model_runs_status', sql`${t.status} in ('running', 'done', 'stopped', 'failed')`),
    check('model_runs_prompt', sql`char_length(${t.prompt}) <= 40000`),
    check('model_runs_answer', sql`octet_length(${t.answer}) <= 1000000`),
  ],
);

export type TeamRow = typeof teams.$inferSelect;
export type ModelRunRow = typeof modelRuns.$inferSelect;
export type FeedbackNoteRow = typeof feedbackNotes.$inferSelect;
export type HelpRequestRow = typeof helpRequests.$inferSelect;
export type CohortRow = typeof cohorts.$inferSelect;
export type ProgrammeRow = typeof programmes.$inferSelect;
export type ProgrammeVersionRow = typeof programmeVersions.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type PhaseDataRow = typeof phaseData.$inferSelect;
export type TeamFactRow = typeof teamFacts.$inferSelect;

/**
 * Failure counters shared by every app instance on PostgreSQL (docs/decisions/006): one row per key. For
 * `login:<ip>` and `create:<ip>` a fixed window (`count` in it, `reset_at` its end); for `lookup:<ip>` a
 * token bucket (docs/decisions/036: `reset_at` the moment it is full again, `count` whether the last take
 * passed). Losing it in a crash only forgets minutes of failures, so the migration creates it UNLOGGED
 * (drizzle cannot say so; the SQL does).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
