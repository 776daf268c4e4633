import { zodResolver } from '@hookform/resolvers/zod';
import {
  COHORT_DESCRIPTION_MAX,
  COHORT_NAME_MAX,
  COHORT_TAG_MAX,
  CohortTagSchema,
  type CreateCohortBody,
  CreateCohortBodySchema,
} from '@shared/schemas/cohort';
import { FolderPlus } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useCreateCohort } from '../api/create-cohort';

const TAG_RULE = 'Lowercase letters, numbers and hyphens, like spring-2026. The tag is permanent.';

/** The create call's own schema decides when Create is enabled; the tag's rule shows as it is typed. */
export function CreateCohortForm() {
  const form = useForm<CreateCohortBody>({
    defaultValues: { tag: '', name: '', description: '' },
    resolver: zodResolver(CreateCohortBodySchema),
  });
  const tag = useWatch({ control: form.control, name: 'tag' });
  const values = useWatch({ control: form.control });

  const create = useCreateCohort();

  const tagInvalid = tag.trim() !== '' && !CohortTagSchema.safeParse(tag).success;
  const canCreate = CreateCohortBodySchema.safeParse(values).success && !create.isPending;
  const onSubmit = form.handleSubmit((body) => {
    if (!create.isPending) create.mutate(body, { onSuccess: () => form.reset() });
  });
  const tagField = form.register('tag');

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
          onSubmit={onSubmit}
          noValidate
        >
          <FormField id="cohort-tag" label="Tag">
            <Input
              id="cohort-tag"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={COHORT_TAG_MAX}
              placeholder="spring-2026"
              className="font-mono"
              {...tagField}
              onChange={(event) => {
                // Tags are lowercase; typing capitals just lowercases them.
                event.target.value = event.target.value.toLowerCase();
                void tagField.onChange(event);
              }}
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
          </FormField>
          <FormField id="cohort-name" label="Name">
            <Input
              id="cohort-name"
              autoComplete="off"
              maxLength={COHORT_NAME_MAX}
              placeholder="Spring 2026 Bootcamp"
              {...form.register('name')}
              disabled={create.isPending}
            />
          </FormField>
          <FormField
            id="cohort-description"
            label={
              <>
                Description <span className="font-normal text-muted-foreground">(optional)</span>
              </>
            }
            className="md:col-span-2 lg:col-span-1"
          >
            <Textarea
              id="cohort-description"
              maxLength={COHORT_DESCRIPTION_MAX}
              rows={1}
              className="min-h-10 resize-y"
              placeholder="Who is in it, when it runs"
              {...form.register('description')}
              disabled={create.isPending}
            />
          </FormField>
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
