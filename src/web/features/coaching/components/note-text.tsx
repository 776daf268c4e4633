import type { FeedbackNote } from '@shared/schemas/coaching';
import type * as React from 'react';
import { cn } from '@/lib/cn';
import { writtenAt } from '../lib/waiting';

/** A note as both sides read it: its text, then who wrote it and when (and what `after` adds). */
export function NoteText({
  note,
  muted = false,
  after,
}: {
  note: FeedbackNote;
  muted?: boolean;
  after?: React.ReactNode;
}) {
  return (
    <div className="min-w-0 space-y-1">
      <p className={cn('typed-text whitespace-pre-wrap', muted && 'text-muted-foreground')}>{note.body}</p>
      <p className="text-xs text-muted-foreground">
        {note.author} · <time dateTime={note.createdAt}>{writtenAt(note.createdAt)}</time>
        {after}
      </p>
    </div>
  );
}
