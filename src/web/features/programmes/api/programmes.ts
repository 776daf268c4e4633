import { queryOptions } from '@tanstack/react-query';
import type { ProgrammeProblem } from '@shared/programme-checks';
import {
  type ProgrammeContent,
  type ProgrammeDetail,
  PublishRefusedSchema,
  SaveDraftConflictSchema,
  type ProgrammeListSchema,
  type ProgrammeVersionDetailSchema,
} from '@shared/schemas/programmes';
import type { z } from 'zod';
import { ApiError, api, apiErrorFrom, DOWNLOAD_TIMEOUT_MS, withTimeout } from '@/lib/api-client';
import { programmeKeys } from '@/lib/query-keys';

/*
 * Every call of the programmes feature (src/shared/schemas/programmes.ts is their contract), in one module:
 * the editor's logic is tested against this boundary, and the server's routes are named once.
 */

export type ProgrammeList = z.infer<typeof ProgrammeListSchema>;
export type ProgrammeSummary = ProgrammeList['programmes'][number];
export type ProgrammeVersionDetail = z.infer<typeof ProgrammeVersionDetailSchema>;

const base = '/api/admin/programmes';
const programmePath = (programmeId: string) => `${base}/${encodeURIComponent(programmeId)}`;

/** `GET /api/admin/programmes`: every programme, the standard first, with the cohorts that use each. */
export const programmesQueryOptions = queryOptions({
  queryKey: programmeKeys.list(),
  // A server from before `publishedSwitchedOff` sends none: nothing switched off.
  queryFn: async (): Promise<ProgrammeList> => {
    const list = await api<ProgrammeList>(base);
    return {
      programmes: list.programmes.map((p) => ({ ...p, publishedSwitchedOff: p.publishedSwitchedOff ?? [] })),
    };
  },
});

/** `GET /api/admin/programmes/:programmeId`: the programme and its draft, read afresh when the editor opens. */
export function programmeQueryOptions(programmeId: string) {
  return queryOptions({
    queryKey: programmeKeys.detail(programmeId),
    queryFn: () => api<ProgrammeDetail>(programmePath(programmeId)),
    // The editor holds the draft itself once loaded: a refetch in the background must not replace it.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** `POST /api/admin/programmes`: a new programme, a copy of the standard or of another programme. */
export function createProgramme(body: { name: string; copyFrom: string }): Promise<ProgrammeDetail> {
  return api(base, { method: 'POST', body });
}

export type SaveResult =
  | { kind: 'saved'; revision: number }
  /** Another save came first (a second tab, another instructor): theirs, as the server now holds it. */
  | { kind: 'conflict'; message: string; current: ProgrammeDetail };

/** `PUT .../draft` with the revision the draft was edited from: saved, or the draft that came first. */
export async function saveDraft(
  programmeId: string,
  body: { revision: number; name?: string; draft: ProgrammeContent },
): Promise<SaveResult> {
  try {
    const saved = await api<{ revision: number }>(`${programmePath(programmeId)}/draft`, {
      method: 'PUT',
      body,
    });
    return { kind: 'saved', revision: saved.revision };
  } catch (error) {
    const conflict = conflictIn(error);
    if (conflict) return { kind: 'conflict', ...conflict };
    throw error;
  }
}

/** A 409 that says which draft came first (a save's, or a publish from a revision no longer current). */
export function conflictIn(error: unknown): { message: string; current: ProgrammeDetail } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = SaveDraftConflictSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

export type PublishResult =
  | { kind: 'published'; version: number }
  /** The checks refused it (422), with every problem. */
  | { kind: 'refused'; message: string; problems: ProgrammeProblem[] };

/** `POST .../publish` `{ revision }`: the new version, or the problems that refuse it. */
export async function publishProgramme(programmeId: string, revision: number): Promise<PublishResult> {
  return refusedOr422(() =>
    api<{ version: number }>(`${programmePath(programmeId)}/publish`, {
      method: 'POST',
      body: { revision },
    }),
  );
}

/** `POST .../versions/:version/republish`: an earlier version published again, as a new version. */
export function republishVersion(programmeId: string, version: number): Promise<PublishResult> {
  return refusedOr422(() =>
    api<{ version: number }>(`${programmePath(programmeId)}/versions/${version}/republish`, {
      method: 'POST',
    }),
  );
}

/** `GET .../versions/:version`: one published version, whole. */
export function fetchVersion(programmeId: string, version: number): Promise<ProgrammeVersionDetail> {
  return api(`${programmePath(programmeId)}/versions/${version}`);
}

async function refusedOr422(call: () => Promise<{ version: number }>): Promise<PublishResult> {
  try {
    const { version } = await call();
    return { kind: 'published', version };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      const parsed = PublishRefusedSchema.safeParse(error.body);
      if (parsed.success) return { kind: 'refused', ...parsed.data };
    }
    throw error;
  }
}

export type ImportResult =
  | { kind: 'imported'; programme: ProgrammeDetail }
  /** Refused (400 or 422): the reason, and the checks' problems when there are any. */
  | { kind: 'refused'; message: string; problems: ProgrammeProblem[] };

/** `POST /api/admin/programmes/import`: the file's programme, stored whole or not at all. */
export async function importProgramme(file: unknown): Promise<ImportResult> {
  try {
    const programme = await api<ProgrammeDetail>(`${base}/import`, { method: 'POST', body: file });
    return { kind: 'imported', programme };
  } catch (error) {
    if (error instanceof ApiError && [400, 413, 422].includes(error.status)) {
      const refused = PublishRefusedSchema.safeParse(error.body);
      if (refused.success) return { kind: 'refused', ...refused.data };
      return { kind: 'refused', message: error.serverMessage ?? error.message, problems: [] };
    }
    throw error;
  }
}

/** `GET .../export`: the programme as one JSON file, and the name the server gives it. */
export async function fetchProgrammeExport(programmeId: string): Promise<{ blob: Blob; fileName: string }> {
  return withTimeout(DOWNLOAD_TIMEOUT_MS, undefined, async (signal) => {
    const response = await fetch(`${programmePath(programmeId)}/export`, { credentials: 'include', signal });
    if (!response.ok) throw await apiErrorFrom(response);
    const disposition = response.headers.get('content-disposition') ?? '';
    const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'programme.json';
    return { blob: await response.blob(), fileName };
  });
}

/** `PUT /api/admin/cohorts/:tag/programme`: the (published) programme the cohort runs. */
export function assignProgramme(cohortTag: string, programmeId: string): Promise<unknown> {
  return api(`/api/admin/cohorts/${encodeURIComponent(cohortTag)}/programme`, {
    method: 'PUT',
    body: { programmeId },
  });
}
