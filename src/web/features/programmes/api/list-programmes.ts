import { queryOptions } from '@tanstack/react-query';
import type { ProgrammeListSchema } from '@shared/schemas/programmes';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { programmeKeys } from '@/lib/query-keys';
import { PROGRAMMES_PATH } from './programme-path';

export type ProgrammeList = z.infer<typeof ProgrammeListSchema>;
export type ProgrammeSummary = ProgrammeList['programmes'][number];

/** `GET /api/admin/programmes`: every programme, the standard first, with the cohorts that use each. */
export const programmesQueryOptions = queryOptions({
  queryKey: programmeKeys.list(),
  // A server from before `publishedSwitchedOff` sends none: nothing switched off.
  queryFn: async (): Promise<ProgrammeList> => {
    const list = await api<ProgrammeList>(PROGRAMMES_PATH);
    return {
      programmes: list.programmes.map((p) => ({ ...p, publishedSwitchedOff: p.publishedSwitchedOff ?? [] })),
    };
  },
});
