import { useQueryClient } from '@tanstack/react-query';
import { PHASE_NUMBERS } from '@shared/phases';
import { FileDown, FileText } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import type { WorkspaceMode } from '@/features/workspace';
import { messages } from '@/lib/messages';
import { phaseConfigQueryOptions } from '@/lib/phase-config';
import { flushAllAutosaves } from '../hooks/use-phase-autosave';
import { buildAnswersReport, reportFileName } from '../lib/answers-report';
import { useAnswerStore } from '../store/answer-store';
import { feedbackQueryOptions } from '@/features/coaching';
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
 * feedback in a workspace; `practice-answers.md`, without them, in practice mode.
 */
export function DownloadAnswersButton({ mode }: { mode: WorkspaceMode }) {
  const queryClient = useQueryClient();
  const store = useAnswerStore();
  const [busy, setBusy] = React.useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await flushAllAutosaves();
      const configs = await Promise.all(
        PHASE_NUMBERS.map((n) => queryClient.fetchQuery(phaseConfigQueryOptions(n))),
      );
      const activities = await queryClient.fetchQuery({ ...store.activities, staleTime: 0 });
      const answersByPhase = Object.fromEntries(activities.map((a) => [a.phaseNumber, a.data]));
      const { facts } = await queryClient.fetchQuery({ ...store.facts, staleTime: 0 });
      const team = mode.kind === 'workspace' ? mode.team : undefined;
      const feedback = team
        ? await queryClient.fetchQuery({ ...feedbackQueryOptions(team.id), staleTime: 0 })
        : [];
      const report = buildAnswersReport({
        teamName: team?.name,
        teamCode: team?.code,
        configs,
        answersByPhase,
        facts,
        feedback,
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
