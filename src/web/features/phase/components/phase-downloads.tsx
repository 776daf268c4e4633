import { useQueryClient } from '@tanstack/react-query';
import { PHASE_NUMBERS } from '@shared/phases';
import { STANDARD_TEAM_PROGRAMME } from '@shared/programme-ref';
import { FileDown, FileText } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import type { WorkspaceMode } from '@/features/workspace';
import { messages } from '@/lib/messages';
import { programmePhaseQueryOptions, teamProgrammeQueryOptions } from '@/lib/team-programme';
import { flushAllAutosaves } from '../hooks/use-phase-autosave';
import { buildAnswersReport, reportFileName } from '../lib/answers-report';
import { useAnswerStore } from '../store/answer-store';
import { feedbackQueryOptions } from '@/features/coaching';
import { teamRunsQueryOptions } from '@/features/runs';
import { modelRunsSetUp } from '@/lib/model-runs';
import { fetchPdf, saveBlob } from '@/lib/save-file';

/** A PDF the activity offers (phase 4's market report and its template): fetched, checked to be a PDF, then saved. */
export function PdfDownloadButton({ label, href }: { label: string; href: string }) {
  const [busy, setBusy] = React.useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await fetchPdf(href);
      saveBlob(blob, href.split('/').pop() || 'download.pdf');
      toast(messages.downloadStarted);
    } catch {
      toast({ variant: 'destructive', ...messages.downloadFailed });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={download} disabled={busy}>
      <FileDown aria-hidden />
      {label}
    </Button>
  );
}

/**
 * The team report: every answer and generated prompt as one Markdown file, with the team's name, code and
 * feedback in a workspace, by the activities of the team's programme; `practice-answers.md`, without them,
 * by the standard programme, in practice mode.
 */
export function DownloadAnswersButton({ mode }: { mode: WorkspaceMode }) {
  const queryClient = useQueryClient();
  const store = useAnswerStore();
  const [busy, setBusy] = React.useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await flushAllAutosaves();
      const team = mode.kind === 'workspace' ? mode.team : undefined;
      // The activities as the team's programme has them now (kept current by its live events), as its pages do.
      const programme = team
        ? await queryClient
            .fetchQuery(teamProgrammeQueryOptions(team.id))
            .catch(() => STANDARD_TEAM_PROGRAMME)
        : STANDARD_TEAM_PROGRAMME;
      const configs = await Promise.all(
        PHASE_NUMBERS.filter((n) => !programme.switchedOff.includes(n)).map((n) =>
          queryClient.fetchQuery(programmePhaseQueryOptions(programme, n)),
        ),
      );
      const activities = await queryClient.fetchQuery({ ...store.activities, staleTime: 0 });
      const answersByPhase = Object.fromEntries(activities.map((a) => [a.phaseNumber, a.data]));
      const { facts } = await queryClient.fetchQuery({ ...store.facts, staleTime: 0 });
      const feedback = team
        ? await queryClient.fetchQuery({ ...feedbackQueryOptions(team.id), staleTime: 0 })
        : [];
      const runs =
        team && modelRunsSetUp()
          ? (await queryClient.fetchQuery({ ...teamRunsQueryOptions(team.id), staleTime: 0 })).runs
          : [];
      const report = buildAnswersReport({
        teamName: team?.name,
        teamCode: team?.code,
        configs,
        switchedOff: programme.switchedOff,
        answersByPhase,
        facts,
        feedback,
        runs,
      });
      saveBlob(new Blob([report], { type: 'text/markdown;charset=utf-8' }), reportFileName(team?.name));
      toast(messages.answersDownloaded);
    } catch {
      toast({ variant: 'destructive', ...messages.answersDownloadFailed });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={download} disabled={busy}>
      <FileText aria-hidden />
      Download all answers
    </Button>
  );
}
