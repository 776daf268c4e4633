import { PAGE_NAMES, isPhaseNumber } from '@shared/phases';
import * as React from 'react';
import { useParams } from 'react-router';
import { useWorkspace } from '@/features/workspace/workspace-context';

export default function PhasePage() {
  const { phaseId } = useParams();
  const phase = Number(phaseId);
  const { team, teamLoading, isPractice, openWorkspaceDialog, dialog } = useWorkspace();

  const noTeamKnown = isPhaseNumber(phase) && !team && !teamLoading && !isPractice;
  const dialogOpen = dialog.open;
  // Opens once when the page finds no team, not again every time the dialog is closed.
  const asked = React.useRef(false);
  React.useEffect(() => {
    if (noTeamKnown && !dialogOpen && !asked.current) {
      asked.current = true;
      openWorkspaceDialog({ destination: 'phase', phase });
    }
  }, [noTeamKnown, dialogOpen, openWorkspaceDialog, phase]);

  if (!isPhaseNumber(phase)) {
    return (
      <main className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Phase Not Found</h1>
        <p className="mt-2 text-muted-foreground">Please select a valid phase between 1 and 8.</p>
      </main>
    );
  }
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{PAGE_NAMES[phase - 1]}</h1>
    </main>
  );
}
