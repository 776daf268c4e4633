import { useQueryClient } from '@tanstack/react-query';
import { PAGE_NAMES } from '@shared/phases';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import type { WorkspaceTeam } from '@/features/workspace';
import { messages } from '@/lib/messages';
import { teamKeys } from '@/lib/query-keys';
import { useAnswerStore } from '../store/answer-store';
import { forgetPractice, practiceFacts, practicePhases } from '../store/practice-keep';

/** Answers already in the workspace win; practice answers fill what it leaves blank. */
function merge(practice: Record<string, unknown>, saved: Record<string, unknown> | undefined) {
  const merged = { ...practice };
  for (const [key, value] of Object.entries(saved ?? {})) {
    if (value !== '' && value !== null && value !== undefined) merged[key] = value;
  }
  return merged;
}

/**
 * Practice to workspace (docs/product.md, Activity page): once a workspace is open and this browser
 * holds practice answers, offer to move them into it. Calls `onMoved` so the open activity reloads its
 * answers.
 */
export function KeepPracticeDialog({ team, onMoved }: { team: WorkspaceTeam; onMoved(): void }) {
  const queryClient = useQueryClient();
  const [practice] = React.useState(practicePhases);
  const [facts] = React.useState(practiceFacts);
  const phases = [...new Set([...Object.keys(practice).map(Number), ...facts.keys()])].sort((a, b) => a - b);
  const [open, setOpen] = React.useState(phases.length > 0);
  const [busy, setBusy] = React.useState(false);

  // The page's store: this dialog shows only in a workspace.
  const workspace = useAnswerStore();

  const keep = async () => {
    setBusy(true);
    try {
      // Read again: the last practice edit may have been flushed after this dialog opened.
      const latest = practicePhases();
      const saved = await queryClient.fetchQuery({ ...workspace.activities, staleTime: 0 });
      for (const [phase, data] of Object.entries(latest)) {
        const existing = saved.find((a) => a.phaseNumber === Number(phase));
        const merged = merge(data, existing?.data);
        // Only the blanks practice fills are written: a teammate's answer saved meanwhile stays.
        const changed = Object.keys(merged).filter((id) => merged[id] !== existing?.data[id]);
        if (changed.length === 0) continue;
        await workspace.saveActivity(queryClient, Number(phase), merged, {
          changed,
          keepalive: false,
          whole: true,
        });
      }
      // Facts the workspace already holds win; practice facts fill the ones it has not (or left blank).
      const { facts: held } = await queryClient.fetchQuery({ ...workspace.facts, staleTime: 0 });
      const given = new Set(held.filter((fact) => fact.value.trim() !== '').map((fact) => fact.id));
      for (const [phase, values] of practiceFacts()) {
        const missing = Object.fromEntries(Object.entries(values).filter(([id]) => !given.has(id)));
        if (Object.keys(missing).length > 0)
          await workspace.saveFacts(missing, phase, { keepalive: false, whole: true });
      }
      forgetPractice(queryClient);
      // The saves raised the team's current phase: read the team and its answers again.
      await queryClient.invalidateQueries({ queryKey: workspace.activities.queryKey });
      await queryClient.invalidateQueries({ queryKey: workspace.facts.queryKey });
      await queryClient.invalidateQueries({ queryKey: teamKeys.session() });
      setOpen(false);
      toast(messages.practiceAnswersKept);
      onMoved();
    } catch {
      toast({ variant: 'destructive', ...messages.practiceAnswersKeepFailed });
    } finally {
      setBusy(false);
    }
  };

  const discard = () => {
    forgetPractice(queryClient);
    setOpen(false);
  };

  if (phases.length === 0) return null;
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Keep your practice answers?</DialogTitle>
          <DialogDescription>
            This browser holds answers you gave in practice mode. Keep them in {team.name} to save them and
            reach them on any device, or discard them.
          </DialogDescription>
        </DialogHeader>
        <ul className="space-y-1 rounded-lg border border-border bg-muted/50 p-3 text-sm">
          {phases.map((phase) => (
            <li key={phase}>
              {phase}. {PAGE_NAMES[phase - 1]}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={discard} disabled={busy}>
            Discard
          </Button>
          <Button onClick={keep} disabled={busy}>
            Keep them
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
