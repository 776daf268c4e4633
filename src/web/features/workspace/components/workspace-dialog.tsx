import { normaliseWorkspaceCodeInput } from '@shared/workspace-code';
import { FolderOpen, KeyRound, Plus, ShieldAlert } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { messages } from '@/lib/messages';
import { useWorkspace } from '../workspace-context';

/** 'Welcome to Applied GenAI Lab': create a workspace, open one by code, or practise without saving. */
export function WorkspaceDialog() {
  const { dialog, closeWorkspaceDialog, createWorkspace, openWorkspace, startPractice } = useWorkspace();
  const [name, setName] = React.useState('');
  const [code, setCode] = React.useState('');
  const [busy, setBusy] = React.useState<'create' | 'open' | null>(null);

  React.useEffect(() => {
    if (dialog.open) setBusy(null);
  }, [dialog.open]);

  const onCreate = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (!trimmed) {
      toast({ variant: 'destructive', ...messages.nameRequired });
      return;
    }
    setBusy('create');
    const ok = await createWorkspace(trimmed);
    setBusy(null);
    if (ok) setName('');
  };

  const onOpen = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = code.trim();
    if (!trimmed) {
      toast({ variant: 'destructive', ...messages.codeRequired });
      return;
    }
    setBusy('open');
    const ok = await openWorkspace(trimmed.toUpperCase());
    setBusy(null);
    if (ok) setCode('');
  };

  return (
    <Dialog open={dialog.open} onOpenChange={(open) => !open && closeWorkspaceDialog()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Welcome to Applied GenAI Lab</DialogTitle>
          <DialogDescription>
            No account needed – just remember your code to come back later on any device!
          </DialogDescription>
        </DialogHeader>

        <div className="grid gap-4 sm:grid-cols-2">
          <form
            onSubmit={onCreate}
            className="flex flex-col gap-3 rounded-lg border border-border bg-muted/60 p-4"
          >
            <div className="flex items-center gap-2">
              <span className="flex size-8 items-center justify-center rounded-full bg-primary-soft text-primary">
                <Plus className="size-4" aria-hidden />
              </span>
              <h3 className="font-semibold">Create a new workspace</h3>
            </div>
            <Label htmlFor="workspace-name">Workspace name</Label>
            <Input
              id="workspace-name"
              autoComplete="off"
              maxLength={80}
              placeholder="How would you like to be known?"
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={busy !== null}
            />
            <Button type="submit" disabled={busy !== null} className="mt-auto">
              {busy === 'create' ? <Spinner className="size-4 text-current" label="Creating" /> : null}
              Create My Workspace
            </Button>
          </form>

          <form
            onSubmit={onOpen}
            className="flex flex-col gap-3 rounded-lg border border-border bg-muted/60 p-4"
          >
            <div className="flex items-center gap-2">
              <span className="flex size-8 items-center justify-center rounded-full bg-primary-soft text-primary">
                <FolderOpen className="size-4" aria-hidden />
              </span>
              <h3 className="font-semibold">Open an existing workspace</h3>
            </div>
            <Label htmlFor="workspace-code">Workspace Code</Label>
            <Input
              id="workspace-code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              inputMode="text"
              maxLength={4}
              placeholder="e.g. K7Q2"
              className="font-mono text-lg tracking-[0.3em] uppercase placeholder:font-sans placeholder:text-sm placeholder:tracking-normal placeholder:normal-case"
              value={code}
              onChange={(e) => setCode(normaliseWorkspaceCodeInput(e.target.value))}
              disabled={busy !== null}
            />
            <Button type="submit" variant="outline" disabled={busy !== null} className="mt-auto">
              {busy === 'open' ? (
                <Spinner className="size-4 text-primary" label="Opening" />
              ) : (
                <KeyRound aria-hidden />
              )}
              Open My Workspace
            </Button>
          </form>
        </div>

        <p className="mt-4 flex items-start gap-2 rounded-lg border border-amber-200 bg-warning-soft p-3 text-sm text-amber-900">
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          Keep your Workspace Code private – it's your personal access key.
        </p>

        <div className="mt-4 flex flex-col items-center gap-1 border-t border-border pt-4 text-center">
          <Button variant="ghost" onClick={startPractice} disabled={busy !== null}>
            Try without saving
          </Button>
          <p className="text-xs text-muted-foreground">Practice mode: progress is not saved</p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
