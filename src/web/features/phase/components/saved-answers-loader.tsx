import { useQuery } from '@tanstack/react-query';
import type { PhaseConfig } from '@shared/phase-config';
import { WEBSITE_PHASE } from '@shared/phases';
import { AlertTriangle } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { WebsiteSubmissionSlot } from '@/features/showcase';
import type { WorkspaceMode } from '@/features/workspace';
import { factValues } from '../api/facts';
import { unsavedFacts } from '../hooks/use-facts-autosave';
import { mergedTextIds, textScope } from '../hooks/use-live-texts';
import { unsavedAnswers } from '../hooks/use-phase-autosave';
import { formAnswers } from '../lib/shared-answers';
import { savedActivity, useAnswerStore } from '../store/answer-store';
import { AnswersLoading } from './answers-loading';
import { PhaseWorkspace } from './phase-workspace';

type PhaseProps = { config: PhaseConfig; phase: number; mode: WorkspaceMode };

/**
 * Loads the activity's saved answers and the team's shared facts from the page's store, then mounts the
 * form. Both are read afresh each time an activity opens (another device may have saved since).
 */
export default function SavedAnswersLoader({ config, phase, mode }: PhaseProps) {
  const store = useAnswerStore();
  const activities = useQuery({ ...store.activities, refetchOnMount: 'always' });
  const facts = useQuery({ ...store.facts, refetchOnMount: 'always' });
  // A store in this browser (practice mode) is read at once: the form is there from the first render.
  const [now] = React.useState(() => store.readNow?.());
  const websitePanel =
    phase === WEBSITE_PHASE && mode.kind === 'workspace' && mode.team.cohortTag ? (
      <WebsiteSubmissionSlot team={mode.team} />
    ) : null;

  if (activities.isError || facts.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-xl border border-destructive/30 bg-destructive-soft p-5 text-sm sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="flex items-center gap-2 font-medium text-destructive">
          <AlertTriangle className="size-5 shrink-0" aria-hidden />
          Your saved answers could not be loaded. Check your connection and try again.
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            void activities.refetch();
            void facts.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  const fresh = activities.isFetchedAfterMount && facts.isFetchedAfterMount;
  if (!fresh && !now) {
    return <AnswersLoading />;
  }

  // Answers still waiting to be saved (an earlier visit while offline) are newer than the stored ones; the
  // other fields show what is stored (a teammate may have saved them since).
  const stored = savedActivity(phase)((fresh ? activities.data : now?.activities) ?? [])?.data;
  const factsNow = { ...factValues(fresh ? facts.data : now?.facts), ...unsavedFacts(store) };
  const loaded = formAnswers(config.fields, { ...stored, ...unsavedAnswers(store, phase) }, factsNow);
  // A text this page typed into before holds its words in its copy, with what it has heard since.
  for (const id of mergedTextIds(store, config.fields)) {
    const copy = store.texts?.peek(textScope(id, phase), id);
    if (copy) loaded[id] = copy.value;
  }
  return (
    <PhaseWorkspace
      config={config}
      mode={mode.kind}
      initialAnswers={loaded}
      teamId={mode.kind === 'workspace' ? mode.team.id : undefined}
    >
      {websitePanel}
    </PhaseWorkspace>
  );
}
