import { type ActivityFields, type PhaseConfig, PhaseConfigSchema } from '../../shared/phase-config.ts';
import {
  type ProgrammeContent,
  programmeKey,
  STANDARD_PROGRAMME_ID,
} from '../../shared/schemas/programmes.ts';
import type { Database } from '../db/client.ts';
import { findVersion, programmesInUse, versionContent } from './queries.ts';

/** A published version as the app reads it: its activities' configs by number, and those switched off. */
export type ProgrammeVersionContent = {
  configs: ReadonlyMap<number, PhaseConfig>;
  switchedOff: readonly number[];
  /** Each activity's fields as the done rule reads them (`GET .../fields`, the progress board). */
  fields: ActivityFields;
};

/** Versions kept parsed in memory: a room runs one or two; far more than any server holds at once. */
const CACHED_VERSIONS = 64;

/** Each activity's fields as the done rule reads them. */
export function activityFields(configs: ReadonlyMap<number, PhaseConfig>): ActivityFields {
  return {
    activities: [...configs.values()]
      .sort((a, b) => a.phase - b.phase)
      .map((config) => ({
        phase: config.phase,
        fields: config.fields.map((field) => ({ id: field.id, required: field.required })),
      })),
  };
}

/**
 * The content of every programme version, by `programmeKey`: the standard's from the configs loaded at
 * start-up, a stored version's read once and kept (a version never changes, so a cache keyed by version is
 * never stale, on any instance).
 */
export class ProgrammeLibrary {
  private readonly cache = new Map<string, Promise<ProgrammeVersionContent | undefined>>();
  readonly standard: ProgrammeVersionContent;
  /** When the standard's configs were loaded: its one version's date. */
  readonly loadedAt = new Date();

  constructor(
    private readonly db: () => Database,
    standardConfigs: ReadonlyMap<number, PhaseConfig>,
  ) {
    this.standard = { configs: standardConfigs, switchedOff: [], fields: activityFields(standardConfigs) };
  }

  /** The standard as a programme's content: what a copy of it starts from, and its export. */
  standardContent(): ProgrammeContent {
    const activities = [...this.standard.configs.values()].sort((a, b) => a.phase - b.phase);
    return { activities: activities as unknown as ProgrammeContent['activities'], switchedOff: [] };
  }

  /** A published version's content; undefined for a programme or version that does not exist. */
  version(programmeId: string, version: number): Promise<ProgrammeVersionContent | undefined> {
    if (programmeId === STANDARD_PROGRAMME_ID) {
      return Promise.resolve(version === 1 ? this.standard : undefined);
    }
    const key = programmeKey({ programmeId, version });
    const cached = this.cache.get(key);
    if (cached) return cached;
    const read = findVersion(this.db(), programmeId, version).then((row) => {
      if (!row) {
        // A version that does not exist yet may be published later: not kept.
        this.cache.delete(key);
        return undefined;
      }
      return parsedContent(versionContent(row));
    });
    read.catch(() => this.cache.delete(key));
    this.cache.set(key, read);
    if (this.cache.size > CACHED_VERSIONS) this.cache.delete(this.cache.keys().next().value!);
    return read;
  }

  /** The programmes cohorts run now (read once for a whole list or export, so every row agrees). */
  async inUse(): Promise<ProgrammesRun> {
    const byId = new Map<string, { name: string; version: number; content: ProgrammeVersionContent }>();
    for (const used of await programmesInUse(this.db())) {
      const content = await this.version(used.id, used.version);
      if (content) byId.set(used.id, { name: used.name, version: used.version, content });
    }
    return { standard: this.standard, byId };
  }
}

/** What the cohorts run now: each programme in use by id, with its name and newest version's content. */
export type ProgrammesRun = {
  standard: ProgrammeVersionContent;
  byId: ReadonlyMap<string, { name: string; version: number; content: ProgrammeVersionContent }>;
};

/** A version's content, parsed: it passed the programme checks when it was published. */
function parsedContent(content: ProgrammeContent): ProgrammeVersionContent {
  const configs = new Map(
    content.activities.map((activity, i) => [i + 1, PhaseConfigSchema.parse(activity)] as const),
  );
  return { configs, switchedOff: content.switchedOff, fields: activityFields(configs) };
}
