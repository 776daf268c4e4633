import type { ProgrammeProblem } from './schemas/programmes.ts';

/*
 * The bounds of the programme checks (programme-checks.ts), apart from them so the editor's page can name
 * them without loading the checks (they run in its Web Worker).
 */

/**
 * What a programme may hold, so that checking it takes bounded time and memory whoever wrote it: the checks
 * read each prompt once per option of every choice it reads, so these multiply. Each is far above what the
 * shipped activities use (in brackets); past one, the activity's prompt is not read further and the problem
 * says so. docs/decisions/040-programme-checks-off-the-request-thread.md says why.
 */
export const PROGRAMME_LIMITS = {
  /** `{{...}}` tags in one prompt template (253). */
  templateTags: 2000,
  /** Options of one field (11). */
  fieldOptions: 30,
  /** Needs of one activity (1). */
  needs: 20,
  /** Characters of a prompt as the checks fill it in (8,426). */
  promptCharacters: 50_000,
  /** Problems listed for one programme: past it, the list ends with how many more there are. */
  problemsListed: 500,
} as const;

/**
 * How long one programme's checks may run where they are run for a publish or an import (on the server,
 * and in the editor's worker): a programme within the limits above takes well under a second.
 */
export const CHECK_TIME_LIMIT_MS = 10_000;

/** The one problem of a programme whose checks were stopped, at the time limit or a memory limit. */
export function uncheckedProblem(): ProgrammeProblem {
  return {
    activity: null,
    path: '',
    message: `Checking this programme took longer than ${CHECK_TIME_LIMIT_MS / 1000} seconds or more memory than a programme may, so it was stopped: shorten its prompt templates, or what they repeat, and try again.`,
  };
}

/** A count as the checks' messages write it: `2,000`. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-GB');
}
