import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type PhaseConfig, PhaseConfigSchema } from '../../shared/phase-config.ts';
import { PHASE_NUMBERS } from '../../shared/phases.ts';
import { checkProgramme } from '../../shared/programme-checks.ts';

/** The last programme checked in this process, by the text of its files: the tests build an app per test. */
let lastChecked: { texts: string; configs: Map<number, PhaseConfig> } | undefined;

/**
 * Reads the eight phase configs and runs the programme checks on them (src/shared/programme-checks.ts). A
 * programme with any problem stops start-up with a message naming each file, where in it and what is wrong,
 * rather than failing later in front of a team.
 */
export function loadPhaseConfigs(contentDir: string): Map<number, PhaseConfig> {
  const files = PHASE_NUMBERS.map((phase) => path.join(contentDir, 'phases', `phase-${phase}.json`));
  const texts = files.map((file) => {
    try {
      return readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`Phase config ${file} could not be read: ${(error as Error).message}`);
    }
  });
  const joined = texts.join('\0');
  if (lastChecked?.texts === joined) return lastChecked.configs;

  const raw = texts.map((text, i) => {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new Error(`Phase config ${files[i]} could not be read: ${(error as Error).message}`);
    }
  });
  const problems = checkProgramme(raw);
  if (problems.length > 0) {
    const lines = problems.map((problem) => {
      const where =
        problem.activity === null
          ? path.join(contentDir, 'phases')
          : `${files[problem.activity - 1]}${problem.path ? `, ${problem.path}` : ''}`;
      return `- ${where}: ${problem.message}`;
    });
    const count = problems.length === 1 ? 'a problem' : `${problems.length} problems`;
    throw new Error(`The phase configs have ${count}; fix them to start:\n${lines.join('\n')}`);
  }
  const configs = new Map(raw.map((config, i) => [i + 1, PhaseConfigSchema.parse(config)]));
  lastChecked = { texts: joined, configs };
  return configs;
}
