import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOf } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { saveBlob } from '@/lib/save-file';
import { fetchProgrammeExport } from '../api/export-programme';

/** "Export": the programme as one JSON file, the format an import (here or on another server) reads. */
export function ExportButton({ programmeId, label }: { programmeId: string; label?: string }) {
  const exporting = useMutation({
    mutationFn: () => fetchProgrammeExport(programmeId),
    onSuccess: ({ blob, fileName }) => {
      saveBlob(blob, fileName);
      toast({ variant: 'success', ...messages.downloadStarted });
    },
    onError: (error) =>
      toast({ variant: 'destructive', ...messages.programmeExportFailed(serverMessageOf(error)) }),
  });
  const busy = exporting.isPending;
  return (
    <Button variant="outline" size="sm" onClick={() => exporting.mutate()} disabled={busy}>
      {busy ? <Spinner className="size-4 text-current" label="Exporting" /> : <Download aria-hidden />}
      Export{label && <span className="sr-only"> {label}</span>}
    </Button>
  );
}
