import type { FormField } from '../../shared/phase-config.ts';
import type { TeamProgramme } from '../../shared/schemas/programmes.ts';
import type { Database } from '../db/client.ts';
import type { ProgrammeLibrary } from './library.ts';
import { teamProgramme } from './queries.ts';

/** How long what a team runs is taken as known before it is read again. */
const KNOWN_FOR_MS = 5000;
/** Teams remembered at once: far more than a room; the oldest goes first. */
const TEAMS_KEPT = 5000;

/**
 * The fields of an activity as a team runs it now (its cohort's programme at its newest version), for rules
 * a save must keep whatever the page says (a number field takes whole numbers). What a team runs is read at
 * most every few seconds per team, so the hottest call (autosave) takes no extra round trip; a version's
 * content is the library's, read once.
 */
export class TeamActivityFields {
  private readonly known = new Map<string, { programme: TeamProgramme; until: number }>();

  constructor(
    private readonly db: () => Database,
    private readonly library: ProgrammeLibrary,
    private readonly now: () => number = Date.now,
  ) {}

  async of(teamId: string, phase: number): Promise<readonly FormField[]> {
    let held = this.known.get(teamId);
    if (!held || held.until < this.now()) {
      const programme = await teamProgramme(this.db(), teamId);
      held = { programme, until: this.now() + KNOWN_FOR_MS };
      this.known.delete(teamId);
      this.known.set(teamId, held);
      if (this.known.size > TEAMS_KEPT) this.known.delete(this.known.keys().next().value!);
    }
    const content = await this.library.version(held.programme.programmeId, held.programme.version);
    return (content ?? this.library.standard).configs.get(phase)?.fields ?? [];
  }
}
