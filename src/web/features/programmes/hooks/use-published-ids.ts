import { useQuery } from '@tanstack/react-query';
import type { ProgrammeDetail } from '@shared/schemas/programmes';
import * as React from 'react';
import { versionQueryOptions } from '../api/get-version';
import { type FixedNames, fixedNamesOf } from '../lib/field-id';

/**
 * The field ids and option values of the newest published version, by activity: they never change
 * (renaming a field or an option changes its label).
 */
export function usePublishedIds(
  programme: Pick<ProgrammeDetail, 'id' | 'standard' | 'publishedVersion'>,
): ReadonlyMap<number, FixedNames> {
  const version = programme.publishedVersion;
  const published = useQuery({
    ...versionQueryOptions(programme.id, version ?? 0),
    enabled: version !== null && !programme.standard,
  });
  return React.useMemo(() => fixedNamesOf(published.data?.content.activities ?? []), [published.data]);
}
