import {
  type ProgrammeDetail,
  STANDARD_PROGRAMME_ID,
  STANDARD_PROGRAMME_NAME,
} from '../../shared/schemas/programmes.ts';
import type { Database } from '../db/client.ts';
import type { ProgrammeLibrary } from './library.ts';
import { cohortsByProgramme, findProgramme, listProgrammes, listVersions } from './queries.ts';

type Summary = Omit<ProgrammeDetail, 'draft' | 'revision' | 'draftUpdatedAt' | 'draftUpdatedBy' | 'versions'>;

/** The standard as the dashboard lists it: always there, version 1, never changed in the app. */
function standardSummary(library: ProgrammeLibrary, cohorts: Summary['cohorts']): Summary {
  return {
    id: STANDARD_PROGRAMME_ID,
    name: STANDARD_PROGRAMME_NAME,
    standard: true,
    publishedVersion: 1,
    publishedSwitchedOff: [],
    unpublishedChanges: false,
    cohorts,
    updatedAt: library.loadedAt.toISOString(),
  };
}

/** Every programme, the standard first, with the cohorts that run each (`GET /api/admin/programmes`). */
export async function programmeSummaries(db: Database, library: ProgrammeLibrary): Promise<Summary[]> {
  const [rows, cohorts] = await Promise.all([listProgrammes(db), cohortsByProgramme(db)]);
  return [
    standardSummary(library, cohorts.get(STANDARD_PROGRAMME_ID) ?? []),
    ...rows.map((row) => ({
      id: row.id,
      name: row.name,
      standard: false,
      publishedVersion: row.publishedVersion,
      publishedSwitchedOff: row.publishedSwitchedOff,
      unpublishedChanges: row.publishedRevision !== row.revision,
      cohorts: cohorts.get(row.id) ?? [],
      updatedAt: row.draftUpdatedAt.toISOString(),
    })),
  ];
}

/** One programme with its draft and versions, for the editor; undefined for none. */
export async function programmeDetails(
  db: Database,
  library: ProgrammeLibrary,
  id: string,
): Promise<ProgrammeDetail | undefined> {
  if (id === STANDARD_PROGRAMME_ID) {
    const cohorts = (await cohortsByProgramme(db)).get(STANDARD_PROGRAMME_ID) ?? [];
    const loadedAt = library.loadedAt.toISOString();
    return {
      ...standardSummary(library, cohorts),
      draft: library.standardContent(),
      revision: 0,
      draftUpdatedAt: loadedAt,
      draftUpdatedBy: null,
      versions: [{ version: 1, publishedAt: loadedAt, publishedBy: null }],
    };
  }
  const [row, versions, cohorts] = await Promise.all([
    findProgramme(db, id),
    listVersions(db, id),
    cohortsByProgramme(db),
  ]);
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    standard: false,
    publishedVersion: versions.at(-1)?.version ?? null,
    publishedSwitchedOff: versions.at(-1)?.switchedOff ?? [],
    unpublishedChanges: row.publishedRevision !== row.revision,
    cohorts: cohorts.get(row.id) ?? [],
    updatedAt: row.draftUpdatedAt.toISOString(),
    draft: row.draft,
    revision: row.revision,
    draftUpdatedAt: row.draftUpdatedAt.toISOString(),
    draftUpdatedBy: row.draftUpdatedBy,
    versions: versions.map((v) => ({
      version: v.version,
      publishedAt: v.publishedAt.toISOString(),
      publishedBy: v.publishedBy,
    })),
  };
}
