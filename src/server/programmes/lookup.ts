import {
  ProgrammeIdSchema,
  STANDARD_PROGRAMME_ID,
  type TeamProgramme,
} from '../../shared/schemas/programmes.ts';
import type { Database } from '../db/client.ts';
import { conflict, forbidden, notFound } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';
import { findProgramme, newestVersion } from './queries.ts';

/**
 * Reading a programme from a path, and the rule of what a cohort may run: the programme routes' and the
 * cohort routes' (a new cohort may name its programme) one look-up.
 */

/** The programme a path names ("standard" or a uuid), or 404 "Programme not found." (text none can have). */
export function programmeIdOf(text: string): string {
  const parsed = ProgrammeIdSchema.safeParse(text);
  if (!parsed.success) throw notFound(MESSAGES.programmeNotFound);
  return parsed.data;
}

/** A version number in a path: 1 or more, or 404 (no version has another number). */
export function versionOf(text: string): number {
  if (!/^[1-9]\d{0,8}$/.test(text)) throw notFound(MESSAGES.versionNotFound);
  return Number(text);
}

/** A stored programme's id from a path: the standard is read-only (403). */
export function editableProgrammeId(text: string): string {
  const id = programmeIdOf(text);
  if (id === STANDARD_PROGRAMME_ID) throw forbidden(MESSAGES.standardReadOnly);
  return id;
}

/**
 * A programme a cohort may run: the standard, or a stored one published at least once (404 unknown, 409
 * never published). The id to store (null: the standard) and what the cohort's teams run with it.
 */
export async function runnableProgramme(
  db: Database,
  programmeId: string,
): Promise<{ stored: string | null; runs: TeamProgramme }> {
  if (programmeId === STANDARD_PROGRAMME_ID) {
    return { stored: null, runs: { programmeId, version: 1, switchedOff: [] } };
  }
  if (!(await findProgramme(db, programmeId))) throw notFound(MESSAGES.programmeNotFound);
  const newest = await newestVersion(db, programmeId);
  if (!newest) throw conflict(MESSAGES.programmeUnpublished);
  return {
    stored: programmeId,
    runs: { programmeId, version: newest.version, switchedOff: newest.switchedOff },
  };
}
