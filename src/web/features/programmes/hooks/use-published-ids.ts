import { useQuery } from '@tanstack/react-query';
import type { ProgrammeDetail } from '@shared/schemas/programmes';
import * as React from 'react';
import { versionQueryOptions } from '../api/get-version';

/**
 * The field ids of the newest published version, by activity: they never change (renaming a field changes
 * its label).
 */
export function usePublishedIds(programme: Pick<ProgrammeDetail, 'id' | 'standard' | 'publishedVersion'>) {
  const version = programme.publishedVersion;
  const published = useQuery({
    ...versionQueryOptions(programme.id, version ?? 0),
    enabled: version !== null && !programme.standard,
  });
  return React.useMemo(() => {
    const ids = new Map<number, ReadonlySet<string>>();
    for (const [i, config] of (published.data?.content.activities ?? []).entries()) {
      const fields = Array.isArray(config.fields) ? (config.fields as { id?: unknown }[]) : [];
      ids.set(i + 1, new Set(fields.flatMap((f) => (typeof f.id === 'string' ? [f.id] : []))));
    }
    return ids;
  }, [published.data]);
}
