import { useQueryClient } from '@tanstack/react-query';
import { PHASE_NUMBERS } from '@shared/phases';
import { FileDown, FileText } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import type { WorkspaceTeam } from '@/features/workspace';
import { loadAllLocalPhaseData } from '@/lib/local-workspace-storage';
import { messages } from '@/lib/messages';
import { factsQueryOptions } from '../api/facts';
import { phaseConfigQueryOptions } from '../api/phase-config';
import { phaseDataListQueryOptions } from '../api/phase-data';
import { flushAllAutosaves } from '../hooks/use-phase-autosave';
import { buildAnswersReport, reportFileName } from '../lib/answers-report';
import { fetchPdf, saveBlob } from '@/lib/save-file';

/** Phase 4's market analysis PDF: fetched, checked to be a PDF, then saved. */
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

/** The team report: every answer and generated prompt as one Markdown file. */
export function DownloadAnswersButton({ team }: { team: WorkspaceTeam | null }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = React.useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await flushAllAutosaves();
      const configs = await Promise.all(
        PHASE_NUMBERS.map((n) => queryClient.fetchQuery(phaseConfigQueryOptions(n))),
      );
      let answersByPhase: Record<number, Record<string, unknown>>;
      if (team) {
        const records = await queryClient.fetchQuery({ ...phaseDataListQueryOptions(team.id), staleTime: 0 });
        answersByPhase = Object.fromEntries(records.map((r) => [r.phaseNumber, r.data]));
      } else {
        answersByPhase = loadAllLocalPhaseData();
      }
      const { facts } = await queryClient.fetchQuery({ ...factsQueryOptions(team?.id), staleTime: 0 });
      const report = buildAnswersReport({
        teamName: team?.name,
        teamCode: team?.code,
        configs,
        answersByPhase,
        facts,
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
