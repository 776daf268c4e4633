import { checkProgramme, type ProgrammeProblem } from '../../shared/programme-checks.ts';

/**
 * A worker thread's task (checks-pool.ts): the programme checks of one programme's activities, away from the
 * thread that answers requests. Compiled to dist/server/checks-worker.mjs (scripts/build-server.mjs).
 */
export default function check(activities: readonly unknown[]): ProgrammeProblem[] {
  return checkProgramme(activities);
}
