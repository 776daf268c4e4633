import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type PhaseConfig, PhaseConfigSchema } from '../../shared/phase-config.ts';
import { PHASE_NUMBERS } from '../../shared/phases.ts';

/**
 * Reads and checks the eight phase configs. A broken config stops start-up with a message naming the file
 * and the field, rather than failing later in front of a team.
 */
export function loadPhaseConfigs(contentDir: string): Map<number, PhaseConfig> {
  const configs = new Map<number, PhaseConfig>();
  for (const phase of PHASE_NUMBERS) {
    const file = path.join(contentDir, 'phases', `phase-${phase}.json`);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`Phase config ${file} could not be read: ${(error as Error).message}`);
    }
    const parsed = PhaseConfigSchema.safeParse(raw);
    if (!parsed.success) {
      const problems = parsed.error.issues
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ');
      throw new Error(`Phase config ${file} is invalid: ${problems}`);
    }
    if (parsed.data.phase !== phase) {
      throw new Error(`Phase config ${file} is invalid: phase is ${parsed.data.phase}, expected ${phase}`);
    }
    configs.set(phase, parsed.data);
  }
  return configs;
}
