import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PROGRAMME_NAME_MAX, type ProgrammeProblem, STANDARD_PROGRAMME_ID } from '@shared/schemas/programmes';
import { BookOpen, Copy, FileUp, Pencil, Plus, RotateCcw } from 'lucide-react';
import * as React from 'react';
import { Link, useLocation } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOf } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { programmeKeys } from '@/lib/query-keys';
import { createProgramme } from '../api/create-programme';
import { importProgramme } from '../api/import-programme';
import { programmesQueryOptions, type ProgrammeSummary } from '../api/list-programmes';
import { readProgrammeFile } from '../lib/programme-file';
import { ExportButton } from './export-button';

const programmePage = (id: string) => `/admin/programmes/${id}`;

/**
 * The dashboard's "Programmes" tab: every programme with the cohorts that run it; a new one is a copy (of
 * the standard or another), or an imported file; each opens in the editor.
 */
export function ProgrammesTab() {
  const list = useQuery(programmesQueryOptions);
  const [copying, setCopying] = React.useState<ProgrammeSummary | null>(null);
  const programmes = list.data?.programmes ?? [];
  return (
    <section aria-labelledby="programmes-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="programmes-heading" className="text-xl font-semibold tracking-tight">
            Programmes
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
            The activities a cohort runs. Copy the Standard programme to adapt its examples, fields and
            prompts for a cohort; publish it, then choose it on the cohort’s card.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ImportButton />
          {programmes[0] && (
            <Button onClick={() => setCopying(programmes[0]!)}>
              <Plus aria-hidden /> New programme
            </Button>
          )}
        </div>
      </div>
      {list.isPending ? (
        <Card className="flex min-h-40 items-center justify-center">
          <Spinner className="size-8 text-primary" label="Loading programmes" />
        </Card>
      ) : list.isError ? (
        <Card
          role="alert"
          className="flex flex-col items-center gap-3 bg-destructive-soft px-6 py-10 text-center"
        >
          <p className="font-semibold">The programmes could not be loaded.</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            <RotateCcw aria-hidden /> Try Again
          </Button>
        </Card>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {programmes.map((programme) => (
            <li key={programme.id}>
              <ProgrammeCard programme={programme} onCopy={() => setCopying(programme)} />
            </li>
          ))}
        </ul>
      )}
      <CreateProgrammeDialog programmes={programmes} from={copying} onClose={() => setCopying(null)} />
    </section>
  );
}

function ProgrammeCard({ programme, onCopy }: { programme: ProgrammeSummary; onCopy: () => void }) {
  const headingId = React.useId();
  const updated = new Date(programme.updatedAt).toLocaleDateString(undefined, { dateStyle: 'medium' });
  return (
    <Card
      className="flex h-full flex-col gap-3 p-5"
      role="group"
      aria-labelledby={headingId}
      data-testid={`programme-card-${programme.id}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate text-lg font-semibold tracking-tight" title={programme.name}>
            {programme.name}
          </h3>
          <p className="text-sm text-muted-foreground">
            {programme.standard ? 'The shipped activities, read-only' : `Edited ${updated}`}
          </p>
        </div>
        <div className="flex flex-wrap justify-end gap-1">
          {programme.publishedVersion === null ? (
            <Badge variant="outline">Not published yet</Badge>
          ) : (
            <Badge variant="default">Version {programme.publishedVersion}</Badge>
          )}
          {programme.unpublishedChanges && <Badge variant="warning">Unpublished changes</Badge>}
        </div>
      </div>
      <div className="text-sm">
        <p className="font-medium">Cohorts running it</p>
        {programme.cohorts.length === 0 ? (
          <p className="text-muted-foreground">None yet.</p>
        ) : (
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {programme.cohorts.map((cohort) => (
              <li key={cohort.tag}>
                <Badge variant="muted" title={cohort.tag}>
                  {cohort.name}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <Link to={programmePage(programme.id)} className={buttonVariants({ size: 'sm' })}>
          {programme.standard ? <BookOpen aria-hidden /> : <Pencil aria-hidden />}
          {programme.standard ? 'View' : 'Edit'}
          <span className="sr-only"> {programme.name}</span>
        </Link>
        <Button variant="outline" size="sm" onClick={onCopy}>
          <Copy aria-hidden /> Copy<span className="sr-only"> {programme.name}</span>
        </Button>
        <ExportButton programmeId={programme.id} label={programme.name} />
      </div>
    </Card>
  );
}

/** "New programme" and "Copy": a name and the programme it starts from; the editor opens on the copy. */
function CreateProgrammeDialog({
  programmes,
  from,
  onClose,
}: {
  programmes: readonly ProgrammeSummary[];
  from: ProgrammeSummary | null;
  onClose: () => void;
}) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [name, setName] = React.useState('');
  const [copyFrom, setCopyFrom] = React.useState<string>(STANDARD_PROGRAMME_ID);
  const [error, setError] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (!from) return;
    setCopyFrom(from.id);
    setName(from.standard ? '' : `Copy of ${from.name}`.slice(0, PROGRAMME_NAME_MAX));
    setError(null);
  }, [from]);

  const creating = useMutation({
    mutationFn: createProgramme,
    // Pending until the list is read again and the editor opens: the button stays disabled meanwhile.
    onSuccess: async (created) => {
      toast({ variant: 'success', ...messages.programmeCreated(created.name) });
      await queryClient.invalidateQueries({ queryKey: programmeKeys.list() });
      onClose();
      navigate(programmePage(created.id));
    },
    onError: (failure) =>
      toast({ variant: 'destructive', ...messages.createProgrammeFailed(serverMessageOf(failure)) }),
  });
  const busy = creating.isPending;
  const create = (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Give the programme a name.');
      return;
    }
    creating.mutate({ name: name.trim(), copyFrom });
  };

  return (
    <Dialog open={from !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New programme</DialogTitle>
          <DialogDescription>
            A copy to adapt: nothing changes for any cohort until you publish it.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={create} className="flex flex-col gap-4" noValidate>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="new-programme-name">Name</Label>
            <Input
              id="new-programme-name"
              value={name}
              maxLength={PROGRAMME_NAME_MAX}
              placeholder="Clinics cohort, spring"
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'new-programme-error' : undefined}
            />
            {error && (
              <p id="new-programme-error" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="new-programme-from">Copy of</Label>
            <Select value={copyFrom} onValueChange={setCopyFrom}>
              <SelectTrigger id="new-programme-from">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {programmes.map((programme) => (
                  <SelectItem key={programme.id} value={programme.id}>
                    {programme.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner className="size-4 text-current" label="Creating" /> : <Copy aria-hidden />}
              Create copy
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "Import": a programme file, stored whole or refused with the reasons. */
function ImportButton() {
  const input = React.useRef<HTMLInputElement>(null);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = React.useState<{ message: string; problems: ProgrammeProblem[] } | null>(
    null,
  );
  const importing = useMutation({
    mutationFn: async (file: File) => {
      const read = await readProgrammeFile(file);
      if (read.kind === 'refused') return { kind: 'refused' as const, message: read.message, problems: [] };
      return importProgramme(read.content);
    },
    // Pending until the list is read again and the editor opens.
    onSuccess: async (result) => {
      if (result.kind === 'refused') {
        setRefusal(result);
        return;
      }
      toast({ variant: 'success', ...messages.programmeImported(result.programme.name) });
      await queryClient.invalidateQueries({ queryKey: programmeKeys.list() });
      navigate(programmePage(result.programme.id));
    },
    onError: (error) =>
      setRefusal({
        message: serverMessageOf(error) ?? 'The file could not be sent. Please try again.',
        problems: [],
      }),
    onSettled: () => {
      if (input.current) input.current.value = '';
    },
  });
  const busy = importing.isPending;
  const onFile = (file: File | undefined) => {
    if (file) importing.mutate(file);
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="programme-import-file"
        onChange={(e) => onFile(e.target.files?.[0])}
      />
      <Button variant="outline" onClick={() => input.current?.click()} disabled={busy}>
        {busy ? <Spinner className="size-4 text-current" label="Importing" /> : <FileUp aria-hidden />}
        Import
      </Button>
      <Dialog open={refusal !== null} onOpenChange={(open) => !open && setRefusal(null)}>
        <DialogContent width="wide">
          <DialogHeader>
            <DialogTitle>The file was not imported</DialogTitle>
            <DialogDescription>{refusal?.message}</DialogDescription>
          </DialogHeader>
          {refusal && refusal.problems.length > 0 && (
            <ul className="max-h-80 space-y-1.5 overflow-y-auto text-sm">
              {refusal.problems.map((problem, i) => (
                <li key={i} className="rounded-md bg-destructive-soft px-3 py-2">
                  <span className="font-medium">
                    {problem.activity === null ? 'The programme' : `Activity ${problem.activity}`}
                    {problem.path && <span className="font-mono text-xs"> {problem.path}</span>}:
                  </span>{' '}
                  {problem.message}
                </li>
              ))}
            </ul>
          )}
          <p className="text-sm text-muted-foreground">Nothing was stored.</p>
          <DialogFooter>
            <Button onClick={() => setRefusal(null)}>Close</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
