import { checkProgramme, type ProgrammeProblem } from '../../shared/programme-checks.ts';

/**
 * A worker thread's task (checks-pool.ts): the programme checks of one programme's activities, away from the
 * thread that answers requests. Compiled to dist/server/checks-worker.mjs (scripts/build-server.mjs).
 */
export default function check(activities: readonly unknown[] | null): ProgrammeProblem[] {
  // null: the pool starting this thread before a check, so that the check's time limit is the check's own.
  if (activities === null) return [];
  return checkProgramme(activities);
}
