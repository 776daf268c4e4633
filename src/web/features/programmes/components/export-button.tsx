import { Download } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOf } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { saveBlob } from '@/lib/save-file';
import { fetchProgrammeExport } from '../api/programmes';

/** "Export": the programme as one JSON file, the format an import (here or on another server) reads. */
export function ExportButton({ programmeId, label }: { programmeId: string; label?: string }) {
  const [busy, setBusy] = React.useState(false);
  const onExport = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await fetchProgrammeExport(programmeId);
      saveBlob(blob, fileName);
      toast({ variant: 'success', ...messages.downloadStarted });
    } catch (error) {
      toast({ variant: 'destructive', ...messages.programmeExportFailed(serverMessageOf(error)) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void onExport()} disabled={busy}>
      {busy ? <Spinner className="size-4 text-current" label="Exporting" /> : <Download aria-hidden />}
      Export{label && <span className="sr-only"> {label}</span>}
    </Button>
  );
}
