import { CheckCircle2, CloudOff, Loader2, PencilLine, TriangleAlert } from 'lucide-react';
import type { SyncStatus } from '../lib/draft-sync';

const STATES: Record<SyncStatus, { text: string; icon: typeof CheckCircle2; className: string }> = {
  saved: { text: 'Draft saved', icon: CheckCircle2, className: 'text-success' },
  unsaved: {
    text: 'Unsaved edits, kept in this browser',
    icon: PencilLine,
    className: 'text-muted-foreground',
  },
  saving: { text: 'Saving…', icon: Loader2, className: 'text-muted-foreground' },
  failed: {
    text: 'Not saved yet: kept in this browser, trying again',
    icon: CloudOff,
    className: 'text-warning',
  },
  conflict: {
    text: 'Changed elsewhere: choose whose draft to keep',
    icon: TriangleAlert,
    className: 'text-destructive',
  },
};

/** Where the draft is: saved, on its way, or kept in this browser until the server has it. */
export function SaveState({ status }: { status: SyncStatus }) {
  const { text, icon: Icon, className } = STATES[status];
  return (
    <span
      role="status"
      className={`inline-flex items-center gap-1.5 font-medium ${className}`}
      data-testid="draft-status"
    >
      <Icon className={status === 'saving' ? 'size-4 animate-spin' : 'size-4'} aria-hidden />
      {text}
    </span>
  );
}
