import {
  type ProgrammeContent,
  type ProgrammeDetail,
  SaveDraftConflictSchema,
} from '@shared/schemas/programmes';
import { ApiError, api } from '@/lib/api-client';
import { programmePath } from './programme-path';

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
