import type { Team } from '@shared/schemas/team';
import { TEAM_NAME_MAX } from '@shared/text-limits';
import { normaliseWorkspaceCodeInput, WORKSPACE_CODE_LENGTH } from '@shared/workspace-code';
import { FolderOpen, KeyRound, type LucideIcon, Plus, ShieldAlert } from 'lucide-react';
import * as React from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';
import { useCreateWorkspace, useOpenWorkspace, WorkspaceNotFoundError } from '../hooks/use-workspace-actions';
import { markCodeCardFresh, showCodeCard } from '../lib/code-card';
import { type DialogAnswer, practiceChoiceAfter } from '../lib/practice-choice';
import { TRIED_KEY, useWorkspaceUi, type WorkspaceDialogState, workspaceUi } from '../workspace-ui';

/** A refusal for too many tries says why and when to try again, in the server's words; else `fallback`. */
function failureOf(error: unknown, fallback: { title: string; description: string }) {
  if (error instanceof ApiError && error.status === 429 && error.serverMessage) {
    return messages.tooManyTries(error.serverMessage);
  }
  return fallback;
}

/** One of the two forms side by side: an icon and a heading over its field and button. */
function PanelForm({
  onSubmit,
  icon: Icon,
  title,
  children,
}: {
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  icon: LucideIcon;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 rounded-lg border border-border bg-muted/60 p-4"
    >
      <div className="flex items-center gap-2">
        <span className="flex size-8 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Icon className="size-4" aria-hidden />
        </span>
        <h3 className="font-semibold">{title}</h3>
      </div>
      {children}
    </form>
  );
}

type CreateValues = { name: string };
type OpenValues = { code: string };

/**
 * Each form has one rule, a field that is not blank once trimmed, and says so with a toast. Written here
 * rather than as the shared zod schema: this dialog opens on a first visit to an activity page, and zod
 * would load with it (docs/decisions/016-session-module-and-feature-boundaries.md). The server checks the
 * same body against the schema.
 */
function notBlank<Values extends Record<string, string>>(field: keyof Values & string): Resolver<Values> {
  return async (values) => {
    const trimmed = values[field]?.trim();
    if (trimmed) return { values: { ...values, [field]: trimmed }, errors: {} };
    return {
      values: {},
      errors: { [field]: { type: 'required', message: `${field} is required` } } as FieldErrors<Values>,
    };
  };
}

function CopyCodeButton({ code }: { code: string }) {
  const { copy } = useCopyToClipboard();
  return (
    <Button
      size="sm"
      variant="outline"
      className="mt-2 w-fit"
      onClick={async () => {
        if (await copy(code)) toast(messages.codeCopied);
      }}
    >
      Copy Workspace Code
    </Button>
  );
}

function announceCreated(code: string) {
  toast({
    variant: 'success',
    title: messages.workspaceCreated.title,
    description: (
      <span className="font-mono text-2xl font-bold tracking-[0.3em]" data-testid="created-code">
        {code}
      </span>
    ),
    action: <CopyCodeButton code={code} />,
  });
}

/**
 * The dialog closes on its answer (lib/practice-choice.ts); "Try without saving" is remembered for the tab.
 * Here rather than in workspace-ui.ts, so that the first route does not carry it.
 */
function closeWorkspaceDialog(answer: DialogAnswer) {
  const { dialog, practiceChoice } = workspaceUi.get();
  if (!dialog.open) return;
  if (answer === 'tried') {
    try {
      sessionStorage.setItem(TRIED_KEY, '1');
    } catch {
      // Storage unavailable: the choice then lasts for this page only.
    }
  }
  workspaceUi.set({
    dialog: { ...dialog, open: false },
    practiceChoice: practiceChoiceAfter(practiceChoice, answer),
  });
}

/** Where a chosen workspace leads: the landing page's activities, an activity, or this page (`here`). */
function destinationOf(dialog: WorkspaceDialogState, team: Team, phase: number, pathname: string): string {
  if (dialog.destination === 'here') return `${pathname}?team_id=${team.code}`;
  return dialog.destination === 'landing' ? `/?team_id=${team.code}` : `/phase/${phase}?team_id=${team.code}`;
}

/** 'Welcome to Applied GenAI Lab': create a workspace, open one by code, or practise without saving. */
export function WorkspaceDialog({ open: isOpen }: { open: boolean }) {
  const { dialog } = useWorkspaceUi();
  const [pathname, navigate] = useLocation();
  const create = useCreateWorkspace();
  const open = useOpenWorkspace();
  const createForm = useForm<CreateValues>({
    defaultValues: { name: '' },
    resolver: notBlank<CreateValues>('name'),
  });
  const openForm = useForm<OpenValues>({
    defaultValues: { code: '' },
    resolver: notBlank<OpenValues>('code'),
  });
  const busy = create.isPending || open.isPending;
  // A workspace was just created: the Workspace Code card takes the focus, not the button that opened this.
  const handFocusToCard = React.useRef(false);
  const codeField = openForm.register('code');

  /** A workspace is open: the dialog closes, its form empties, and the page goes where it should. */
  const arrive = (team: Team, phase: number, form: { reset(): void }) => {
    closeWorkspaceDialog('workspace');
    form.reset();
    navigate(destinationOf(dialog, team, phase, pathname));
  };

  const onCreate = createForm.handleSubmit(
    ({ name }) => {
      if (busy) return;
      create.mutate(name, {
        onSuccess: (team) => {
          announceCreated(team.code);
          const phase = dialog.phase ?? 1;
          showCodeCard(team.id);
          // Its card shows whole where the workspace arrives, and takes the focus the dialog would give back.
          markCodeCardFresh(team.id, destinationOf(dialog, team, phase, pathname).split('?')[0] ?? '/');
          handFocusToCard.current = true;
          arrive(team, phase, createForm);
        },
        onError: (error) =>
          toast({ variant: 'destructive', ...failureOf(error, messages.createWorkspaceError) }),
      });
    },
    () => toast({ variant: 'destructive', ...messages.nameRequired }),
  );

  const onOpen = openForm.handleSubmit(
    ({ code }) => {
      if (busy) return;
      open.mutate(code, {
        onSuccess: (team) => {
          toast(messages.workspaceOpened(team.name));
          arrive(team, dialog.phase ?? team.currentPhase, openForm);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            ...(error instanceof WorkspaceNotFoundError
              ? messages.workspaceNotFound
              : failureOf(error, messages.openWorkspaceError)),
          }),
      });
    },
    () => toast({ variant: 'destructive', ...messages.codeRequired }),
  );

  const startPractice = () => {
    closeWorkspaceDialog('tried');
    if (!pathname.startsWith('/phase/')) navigate(`/phase/${dialog.phase ?? 1}`);
  };

  return (
    <Dialog open={isOpen} onOpenChange={(next) => !next && closeWorkspaceDialog('closed')}>
      <DialogContent
        width="wide"
        // Focus moves to the first field a frame after the dialog appears, not while it mounts: on a first
        // visit to an activity the dialog opens by itself during start-up, and focusing at once forces a
        // layout of the whole page inside that one long task.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          requestAnimationFrame(() => document.getElementById('workspace-name')?.focus());
        }}
        onCloseAutoFocus={(event) => {
          if (!handFocusToCard.current) return;
          handFocusToCard.current = false;
          event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>Welcome to Applied GenAI Lab</DialogTitle>
          <DialogDescription>
            No account needed – just remember your code to come back later on any device!
          </DialogDescription>
        </DialogHeader>

        <div className="grid gap-4 sm:grid-cols-2">
          <PanelForm onSubmit={onCreate} icon={Plus} title="Create a new workspace">
            <Label htmlFor="workspace-name">Workspace name</Label>
            <Input
              id="workspace-name"
              autoComplete="off"
              maxLength={TEAM_NAME_MAX}
              placeholder="How would you like to be known?"
              {...createForm.register('name')}
              disabled={busy}
            />
            <Button type="submit" disabled={busy} className="mt-auto">
              {create.isPending ? <Spinner className="size-4 text-current" label="Creating" /> : null}
              Create My Workspace
            </Button>
          </PanelForm>

          <PanelForm onSubmit={onOpen} icon={FolderOpen} title="Open an existing workspace">
            <Label htmlFor="workspace-code">Workspace Code</Label>
            <Input
              id="workspace-code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              inputMode="text"
              maxLength={WORKSPACE_CODE_LENGTH}
              placeholder="e.g. K7Q2"
              className="font-mono text-lg tracking-[0.3em] uppercase placeholder:font-sans placeholder:text-sm placeholder:tracking-normal placeholder:normal-case"
              {...codeField}
              onChange={(event) => {
                // Typed or pasted: uppercase A-Z0-9 only, at most four.
                event.target.value = normaliseWorkspaceCodeInput(event.target.value);
                void codeField.onChange(event);
              }}
              disabled={busy}
            />
            <Button type="submit" variant="outline" disabled={busy} className="mt-auto">
              {open.isPending ? (
                <Spinner className="size-4 text-primary" label="Opening" />
              ) : (
                <KeyRound aria-hidden />
              )}
              Open My Workspace
            </Button>
          </PanelForm>
        </div>

        <p className="mt-4 flex items-start gap-2 rounded-lg border border-amber-200 bg-warning-soft p-3 text-sm text-amber-900">
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          Keep your Workspace Code private – it's your personal access key.
        </p>

        <div className="mt-4 flex flex-col items-center gap-1 border-t border-border pt-4 text-center">
          <Button variant="ghost" onClick={startPractice} disabled={busy}>
            Try without saving
          </Button>
          <p className="text-xs text-muted-foreground">Practice mode: progress is not saved</p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
