import { useMutation } from '@tanstack/react-query';
import { COHORT_TAG_MAX, COHORT_TAG_PATTERN } from '@shared/schemas/cohort';
import { FolderPlus } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { messages } from '@/lib/messages';
import { createCohort } from '../api/admin-cohorts';
import { serverMessageOf } from '../api/server-message';

const TAG_RULE = 'Lowercase letters, numbers and hyphens, like spring-2026. The tag is permanent.';

export function CreateCohortForm({ onCreated }: { onCreated: () => void }) {
  const [tag, setTag] = React.useState('');
  const [name, setName] = React.useState('');
  const [description, setDescription] = React.useState('');

  const create = useMutation({
    mutationFn: () =>
      createCohort({ tag: tag.trim(), name: name.trim(), description: description.trim() || undefined }),
    onSuccess: (cohort) => {
      toast({ variant: 'success', ...messages.cohortCreated(cohort.name) });
      setTag('');
      setName('');
      setDescription('');
      onCreated();
    },
    onError: (error) =>
      toast({ variant: 'destructive', ...messages.createCohortFailed(serverMessageOf(error)) }),
  });

  const trimmedTag = tag.trim();
  const tagInvalid = trimmedTag !== '' && !COHORT_TAG_PATTERN.test(trimmedTag);
  const canCreate = trimmedTag !== '' && !tagInvalid && name.trim() !== '' && !create.isPending;

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2">
          <FolderPlus className="size-5 text-primary" aria-hidden /> Create a cohort
        </CardTitle>
        <CardDescription>
          A cohort groups teams for a shared showcase and, if you switch the competition on, voting.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4 md:grid-cols-2 lg:grid-cols-[1fr_1fr_1.4fr_auto] lg:items-start"
          onSubmit={(event) => {
            event.preventDefault();
            if (canCreate) create.mutate();
          }}
        >
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="cohort-tag">Tag</Label>
            <Input
              id="cohort-tag"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={COHORT_TAG_MAX}
              placeholder="spring-2026"
              className="font-mono"
              value={tag}
              // Tags are lowercase; typing capitals just lowercases them.
              onChange={(e) => setTag(e.target.value.toLowerCase())}
              aria-invalid={tagInvalid || undefined}
              aria-describedby="cohort-tag-rule"
              disabled={create.isPending}
            />
            <p
              id="cohort-tag-rule"
              className={tagInvalid ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}
            >
              {tagInvalid ? `Not a valid tag. ${TAG_RULE}` : TAG_RULE}
            </p>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="cohort-name">Name</Label>
            <Input
              id="cohort-name"
              autoComplete="off"
              maxLength={120}
              placeholder="Spring 2026 Bootcamp"
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={create.isPending}
            />
          </div>
          <div className="flex flex-col gap-1.5 md:col-span-2 lg:col-span-1">
            <Label htmlFor="cohort-description">
              Description <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Textarea
              id="cohort-description"
              maxLength={1000}
              rows={1}
              className="min-h-10 resize-y"
              placeholder="Who is in it, when it runs"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              disabled={create.isPending}
            />
          </div>
          <Button type="submit" disabled={!canCreate} className="md:col-span-2 lg:col-span-1 lg:mt-6">
            {create.isPending ? (
              <Spinner className="size-4 text-current" label="Creating" />
            ) : (
              <FolderPlus aria-hidden />
            )}
            Create Cohort
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
