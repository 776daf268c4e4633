import { Users } from 'lucide-react';
import type { RemoteNote } from '../hooks/use-follow-remote';

const action =
  'inline-flex min-h-6 items-center font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

const quoted = (text: string, blank: string) => (text ? `“${text}”` : blank);

/**
 * Under a field whose value changed on another device: while it is being edited here, a quiet note with the
 * two ways out; once the text typed here was replaced, a note that keeps that text one click away. Not a
 * live region: the person typing is not interrupted.
 */
export function RemoteChangeNote({
  field,
  note,
  readable = (value) => value,
}: {
  field: string;
  note: RemoteNote;
  /** An answer as a person reads it (a choice by its label). */
  readable?: (value: string) => string;
}) {
  if (note.kind === 'removed') return <RemovedNote field={field} note={note} />;
  return (
    <div
      data-remote-note={field}
      data-note-kind={note.kind}
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-warning/30 bg-warning-soft px-3 py-1.5 text-xs text-foreground"
    >
      <p className="flex items-center gap-1.5 font-medium">
        <Users className="size-3.5 shrink-0 text-warning" aria-hidden />
        {note.kind === 'offered' ? 'Changed on another device' : 'Replaced on another device'}
      </p>
      {note.kind === 'offered' ? (
        <p className="typed-text min-w-0 flex-1 truncate text-muted-foreground" title={readable(note.value)}>
          {quoted(readable(note.value), 'They cleared it.')}
        </p>
      ) : (
        <p className="typed-text min-w-0 flex-1 truncate text-muted-foreground" title={readable(note.mine)}>
          Yours was {quoted(readable(note.mine), 'blank')}
        </p>
      )}
      <div className="flex gap-3">
        {note.kind === 'offered' ? (
          <>
            <button type="button" onClick={note.useTheirs} className={`${action} text-primary`}>
              Use their version
            </button>
            <button
              type="button"
              onClick={note.keepMine}
              className={`${action} text-muted-foreground hover:text-foreground`}
            >
              Keep mine
            </button>
          </>
        ) : (
          <>
            <button type="button" onClick={note.restoreMine} className={`${action} text-primary`}>
              Restore mine
            </button>
            <button
              type="button"
              onClick={note.dismiss}
              className={`${action} text-muted-foreground hover:text-foreground`}
            >
              Dismiss
            </button>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * Under a text typed together, when a teammate's change took words out of it while this page was typing in
 * it (or took out words typed here): what went, and "Undo" to put it back where it was. Announced politely:
 * it concerns what the person is typing.
 */
function RemovedNote({ field, note }: { field: string; note: Extract<RemoteNote, { kind: 'removed' }> }) {
  return (
    <div
      data-remote-note={field}
      data-note-kind="removed"
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-warning/30 bg-warning-soft px-3 py-1.5 text-xs text-foreground"
    >
      <p className="flex items-center gap-1.5 font-medium">
        <Users className="size-3.5 shrink-0 text-warning" aria-hidden />
        Removed on another device
      </p>
      <p className="typed-text min-w-0 flex-1 truncate text-muted-foreground" title={note.removed}>
        {quoted(note.removed, '')}
      </p>
      <div className="flex gap-3">
        <button type="button" onClick={note.undo} className={`${action} text-primary`}>
          Undo
        </button>
        <button
          type="button"
          onClick={note.dismiss}
          className={`${action} text-muted-foreground hover:text-foreground`}
        >
          Dismiss
        </button>
      </div>
    </div>
  );
}
