import { queryOptions } from '@tanstack/react-query';
import { programmeKey, type ProgrammeVersionDetailSchema } from '@shared/schemas/programmes';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { programmeKeys } from '@/lib/query-keys';
import { programmePath } from './programme-path';

export type ProgrammeVersionDetail = z.infer<typeof ProgrammeVersionDetailSchema>;

/** `GET .../versions/:version`: one published version, whole. A version never changes: read once. */
export function versionQueryOptions(programmeId: string, version: number) {
  return queryOptions({
    queryKey: programmeKeys.version(programmeKey({ programmeId, version })),
    queryFn: () => api<ProgrammeVersionDetail>(`${programmePath(programmeId)}/versions/${version}`),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
