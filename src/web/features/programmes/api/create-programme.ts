import type { ProgrammeDetail } from '@shared/schemas/programmes';
import { api } from '@/lib/api-client';
import { PROGRAMMES_PATH } from './programme-path';

/** `POST /api/admin/programmes`: a new programme, a copy of the standard or of another programme. */
export function createProgramme(body: { name: string; copyFrom: string }): Promise<ProgrammeDetail> {
  return api(PROGRAMMES_PATH, { method: 'POST', body });
}
