import {
  type ProgrammeDetail,
  type ProgrammeProblem,
  PublishRefusedSchema,
} from '@shared/schemas/programmes';
import { ApiError, api } from '@/lib/api-client';
import { PROGRAMMES_PATH } from './programme-path';

export type ImportResult =
  | { kind: 'imported'; programme: ProgrammeDetail }
  /** Refused (400 or 422): the reason, and the checks' problems when there are any. */
  | { kind: 'refused'; message: string; problems: ProgrammeProblem[] };

/** `POST /api/admin/programmes/import`: the file's programme, stored whole or not at all. */
export async function importProgramme(file: unknown): Promise<ImportResult> {
  try {
    const programme = await api<ProgrammeDetail>(`${PROGRAMMES_PATH}/import`, { method: 'POST', body: file });
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
