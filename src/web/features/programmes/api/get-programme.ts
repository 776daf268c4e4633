import { queryOptions } from '@tanstack/react-query';
import type { ProgrammeDetail } from '@shared/schemas/programmes';
import { api } from '@/lib/api-client';
import { programmeKeys } from '@/lib/query-keys';
import { programmePath } from './programme-path';

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
