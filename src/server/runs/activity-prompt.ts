import { savedActivityPrompt } from '../../shared/activity-prompt.ts';
import type { Database } from '../db/client.ts';
import { listFacts, listPhaseData } from '../phase-data/queries.ts';
import type { ProgrammeLibrary } from '../programmes/library.ts';
import { teamProgramme } from '../programmes/queries.ts';

/**
 * The prompt a run sends: activity `phase`'s, rendered from the team's saved answers and shared facts with
 * its programme's template, exactly as the team's preview shows it once its typing is saved. Undefined when
 * the team's programme has no such activity, or switches it off. Nothing the page sends is ever the text.
 */
export async function activityPrompt(
  db: Database,
  library: ProgrammeLibrary,
  teamId: string,
  phase: number,
): Promise<string | undefined> {
  const programme = await teamProgramme(db, teamId);
  if (programme.switchedOff.includes(phase)) return undefined;
  const content = (await library.version(programme.programmeId, programme.version)) ?? library.standard;
  const config = content.configs.get(phase);
  if (!config) return undefined;
  const [rows, facts] = await Promise.all([listPhaseData(db, teamId), listFacts(db, teamId)]);
  const answersByPhase = Object.fromEntries(
    rows.map((row) => [row.phaseNumber, row.data as Record<string, unknown> | null]),
  );
  const factValues = Object.fromEntries(facts.map((fact) => [fact.id, fact.value]));
  return savedActivityPrompt(config, answersByPhase, factValues);
}
