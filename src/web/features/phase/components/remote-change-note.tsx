import { Users } from 'lucide-react';
import type { RemoteNote } from '../hooks/use-follow-remote';

/**
 * Under a field whose value changed on another device while it was being edited here: a quiet note with
 * the two ways out. Not a live region: the person typing is not interrupted.
 */
export function RemoteChangeNote({ field, note }: { field: string; note: RemoteNote }) {
  return (
    <div
      data-remote-note={field}
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-warning/30 bg-warning-soft px-3 py-1.5 text-xs text-foreground"
    >
      <p className="flex items-center gap-1.5 font-medium">
        <Users className="size-3.5 shrink-0 text-warning" aria-hidden />
        Changed on another device
      </p>
      <p className="min-w-0 flex-1 truncate text-muted-foreground" title={note.value}>
        {note.value ? `“${note.value}”` : 'They cleared it.'}
      </p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={note.useTheirs}
          className="inline-flex min-h-6 items-center font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Use their version
        </button>
        <button
          type="button"
          onClick={note.keepMine}
          className="inline-flex min-h-6 items-center font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Keep mine
        </button>
      </div>
    </div>
  );
}
