import { and, asc, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FeedbackNote, HelpQueueItem, HelpRequest } from '../../shared/schemas/coaching.ts';
import type { Database } from '../db/client.ts';
import {
  cohorts,
  type FeedbackNoteRow,
  feedbackNotes,
  type HelpRequestRow,
  helpRequests,
  teams,
} from '../db/schema.ts';

export function toFeedbackNote(row: FeedbackNoteRow): FeedbackNote {
  return {
    id: row.id,
    teamId: row.teamId,
    phaseNumber: row.phaseNumber,
    body: row.body,
    author: row.author,
    createdAt: row.createdAt.toISOString(),
    doneAt: row.doneAt?.toISOString() ?? null,
  };
}

export function toHelpRequest(row: HelpRequestRow): HelpRequest {
  return {
    id: row.id,
    teamId: row.teamId,
    phaseNumber: row.phaseNumber,
    message: row.message,
    status: row.status as HelpRequest['status'],
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    answeredBy: row.answeredBy,
    answer: row.answer,
  };
}

/** The team's notes, oldest first. */
export async function listFeedback(db: Database, teamId: string): Promise<FeedbackNoteRow[]> {
  return db
    .select()
    .from(feedbackNotes)
    .where(eq(feedbackNotes.teamId, teamId))
    .orderBy(asc(feedbackNotes.createdAt), asc(feedbackNotes.id));
}

export async function addFeedback(
  db: Database,
  note: { teamId: string; phaseNumber: number; body: string; author: string },
): Promise<FeedbackNoteRow> {
  const [row] = await db.insert(feedbackNotes).values(note).returning();
  return row!;
}

/** Marks a note of the team done (or not); undefined when the team has no such note. */
export async function setFeedbackDone(
  db: Database,
  teamId: string,
  noteId: string,
  done: boolean,
): Promise<FeedbackNoteRow | undefined> {
  const [row] = await db
    .update(feedbackNotes)
    .set({ doneAt: done ? sql`coalesce(${feedbackNotes.doneAt}, now())` : null })
    .where(and(eq(feedbackNotes.id, noteId), eq(feedbackNotes.teamId, teamId)))
    .returning();
  return row;
}

export async function removeFeedback(
  db: Database,
  teamId: string,
  noteId: string,
): Promise<FeedbackNoteRow | undefined> {
  const [row] = await db
    .delete(feedbackNotes)
    .where(and(eq(feedbackNotes.id, noteId), eq(feedbackNotes.teamId, teamId)))
    .returning();
  return row;
}

/** The team's open request, else its latest one. */
export async function currentHelpRequest(db: Database, teamId: string): Promise<HelpRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(helpRequests)
    .where(eq(helpRequests.teamId, teamId))
    .orderBy(sql`(${helpRequests.status} = 'open') desc`, desc(helpRequests.createdAt))
    .limit(1);
  return row;
}

/** A unique violation of the one-open-request index: the team has a request open already. */
export class HelpAlreadyOpenError extends Error {}

export async function openHelpRequest(
  db: Database,
  request: { teamId: string; phaseNumber: number; message: string },
): Promise<HelpRequestRow> {
  // On conflict with the team's open request nothing is inserted: one open request per team, however many
  // devices ask at once.
  const [row] = await db
    .insert(helpRequests)
    .values(request)
    .onConflictDoNothing({ target: helpRequests.teamId, where: sql`${helpRequests.status} = 'open'` })
    .returning();
  if (!row) throw new HelpAlreadyOpenError();
  return row;
}

/** Closes the team's open request as the team withdrawing it; undefined when none is open. */
export async function withdrawHelpRequest(db: Database, teamId: string): Promise<HelpRequestRow | undefined> {
  const [row] = await db
    .update(helpRequests)
    .set({ status: 'withdrawn', closedAt: sql`now()` })
    .where(and(eq(helpRequests.teamId, teamId), eq(helpRequests.status, 'open')))
    .returning();
  return row;
}

/**
 * An instructor answers a request: closed as answered if it is still open. Of two instructors answering
 * at once the first closes it; the second gets it as it stands (answered), and so does a withdrawn one.
 */
export async function answerHelpRequest(
  db: Database,
  requestId: string,
  answeredBy: string,
  answer = '',
): Promise<{ row: HelpRequestRow; changed: boolean } | undefined> {
  const [row] = await db
    .update(helpRequests)
    .set({ status: 'answered', closedAt: sql`now()`, answeredBy, answer })
    .where(and(eq(helpRequests.id, requestId), eq(helpRequests.status, 'open')))
    .returning();
  if (row) return { row, changed: true };
  const [existing] = await db.select().from(helpRequests).where(eq(helpRequests.id, requestId)).limit(1);
  return existing ? { row: existing, changed: false } : undefined;
}

/** Every open request with its team's name and cohort, the longest waiting first. */
export async function listOpenHelpRequests(db: Database): Promise<HelpQueueItem[]> {
  const rows = await db
    .select({ request: helpRequests, teamName: teams.name, cohortName: cohorts.name })
    .from(helpRequests)
    .innerJoin(teams, eq(teams.id, helpRequests.teamId))
    .leftJoin(cohorts, eq(cohorts.tag, teams.cohortTag))
    .where(eq(helpRequests.status, 'open'))
    .orderBy(asc(helpRequests.createdAt), asc(helpRequests.id));
  return rows.map((r) => ({ ...toHelpRequest(r.request), teamName: r.teamName, cohortName: r.cohortName }));
}

/** Whether the team is in a cohort that is not archived (only such a team asks for help). */
export async function isInActiveCohort(db: Database, teamId: string): Promise<boolean> {
  const [row] = await db
    .select({ tag: cohorts.tag })
    .from(teams)
    .innerJoin(cohorts, eq(cohorts.tag, teams.cohortTag))
    .where(and(eq(teams.id, teamId), isNull(cohorts.archivedAt)))
    .limit(1);
  return row !== undefined;
}

/** Deletes the requests answered or withdrawn more than `keepSeconds` ago; how many. */
export async function deleteClosedHelpRequests(db: Database, keepSeconds: number): Promise<number> {
  const rows = await db
    .delete(helpRequests)
    .where(
      and(
        ne(helpRequests.status, 'open'),
        lt(helpRequests.closedAt, sql`now() - make_interval(secs => ${keepSeconds})`),
      ),
    )
    .returning({ id: helpRequests.id });
  return rows.length;
}
