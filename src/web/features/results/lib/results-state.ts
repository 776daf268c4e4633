import type { UseQueryResult } from '@tanstack/react-query';
import type { CohortStatus } from '@shared/schemas/cohort';
import type { ResultRow } from '@shared/schemas/showcase';
import type { useReveal } from '../hooks/use-reveal';

/** The reveal as the page and its presentation see it. */
export type RevealState = ReturnType<typeof useReveal> & {
  /** The reveal button: the room's reveal for an instructor, this screen's own for anyone else. */
  onReveal: () => void;
  /** The room's reveal call is on its way. */
  revealing: boolean;
  /** Pressing starts every screen of the cohort (an instructor's session). */
  forRoom: boolean;
  reducedMotion: boolean;
};

/** Which of the page's states a cohort is in (docs/product.md, Results). */
export function resultsState(
  cohort: CohortStatus,
  results: UseQueryResult<ResultRow[]>,
): 'off' | 'hidden' | 'loading' | 'error' | 'empty' | 'ready' {
  if (!cohort.competitionEnabled) return 'off';
  if (!cohort.resultsVisible) return 'hidden';
  if (results.isPending) return 'loading';
  if (results.isError) return 'error';
  return results.data.length === 0 ? 'empty' : 'ready';
}
