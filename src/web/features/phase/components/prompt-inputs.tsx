import { missingMarker } from '@shared/activity-needs';
import { activityReference } from '@shared/activity-reference';
import type { FormField, Need } from '@shared/phase-config';
import { listTemplatePlaceholders } from '@shared/prompt-template';
import { isSharedFactId, type SharedFact, sharedFact } from '@shared/shared-facts';
import { CircleDashed, Lightbulb, type LucideIcon, UserRound } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';
import { useWorkspace } from '@/features/workspace';
import { cn } from '@/lib/cn';
import { useActivityNames } from '../hooks/use-activity-names';
import { answerText } from '../lib/answers';

function ActivityLink({ phase }: { phase: number }) {
  const { withTeam } = useWorkspace();
  const name = useActivityNames()(phase)?.page;
  return (
    <Link
      to={withTeam(`/phase/${phase}`)}
      className="font-medium text-primary underline underline-offset-4 hover:no-underline"
    >
      Activity {phase}
      {name ? ` · ${name}` : ''}
    </Link>
  );
}

/** A note above the form: a titled section, warning-coloured or quiet. */
function FormNote({
  id,
  icon: Icon,
  title,
  warning = false,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  warning?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      data-testid={id}
      className={cn(
        'mb-6 rounded-lg border p-3 text-sm',
        warning ? 'border-warning/30 bg-warning-soft' : 'border-border bg-muted/50',
      )}
    >
      <h3 id={id} className="flex items-center gap-2 font-semibold">
        <Icon className={cn('size-4 shrink-0', warning ? 'text-warning' : 'text-primary')} aria-hidden />
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * What the prompt has nothing to start from yet (the config's needs that no answer meets): what is missing,
 * how to fix it, and a link to the activity that produces it. The prompt shows the same gap as a marker.
 */
export function MissingInputs({ needs }: { needs: readonly Need[] }) {
  if (needs.length === 0) return null;
  return (
    <FormNote
      id="missing-inputs"
      icon={CircleDashed}
      title="The prompt has nothing to start from yet"
      warning
    >
      <ul className="mt-2 space-y-2 leading-relaxed">
        {needs.map((need) => (
          <li key={need.what}>
            <span className="font-mono text-xs">{missingMarker(need)}</span> {need.fix}
            {need.from !== undefined && (
              <>
                {' '}
                Produced in <ActivityLink phase={need.from} />.
              </>
            )}
          </li>
        ))}
      </ul>
    </FormNote>
  );
}

/** A fact's answer as the team reads it: the labels of the chosen options, or the text. */
function factText(fact: SharedFact, value: string): string {
  return answerText(fact.field, value);
}

/**
 * The shared facts this activity's prompt reads without showing them in its form (the business profile
 * given in Activity 1, which switches the right cautions on, read by plain id, and the claims the team must
 * not make, read as `phase1.claims_to_avoid`): their values, or what is not given yet, with a link to where
 * they are answered.
 */
export function ProfileFacts({
  template,
  fields,
  data,
}: {
  template: string;
  fields: readonly FormField[];
  data: Readonly<Record<string, unknown>>;
}) {
  const shown = new Set(fields.map((f) => f.id));
  const paths = listTemplatePlaceholders(template);
  const read = paths.map((path) => {
    const reference = activityReference(path.split('.'));
    return reference?.activity === undefined ? path : reference.id;
  });
  const facts = [...new Set(read)]
    .filter((id) => isSharedFactId(id) && !shown.has(id))
    .map((id) => sharedFact(id)!);
  if (facts.length === 0) return null;
  const answerOf = (fact: SharedFact) => {
    const value = data[fact.id];
    return typeof value === 'string' && value.trim() !== '' ? factText(fact, value) : null;
  };
  // A fact read only as another activity's answer (the claims, `phase1.claims_to_avoid`) is read inside its
  // {{#if}}: the prompt is whole without it, so it does not count as missing.
  const switches = (fact: SharedFact) => paths.includes(fact.id);
  const missing = facts.filter((fact) => switches(fact) && answerOf(fact) === null);
  const homes = [...new Set(facts.map((fact) => fact.home))];
  return (
    <FormNote id="profile-facts" icon={UserRound} title="Your business, as this prompt reads it">
      <dl className="mt-2 grid gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
        {facts.map((fact) => (
          <div key={fact.id} className="contents">
            <dt className="text-muted-foreground">{fact.label}</dt>
            <dd className={answerOf(fact) ? 'font-medium' : 'text-muted-foreground italic'}>
              {answerOf(fact) ?? 'not given yet'}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 leading-relaxed text-muted-foreground">
        {missing.length > 0
          ? 'Until they are given, the prompt cannot add the cautions and rules that fit your business. '
          : 'They switch on the cautions and rules that fit your business. '}
        {missing.length > 0 ? 'Answer them' : 'Change them'} in{' '}
        {homes.map((home, i) => (
          <span key={home}>
            {i > 0 && ', '}
            <ActivityLink phase={home} />
          </span>
        ))}
        .
      </p>
    </FormNote>
  );
}

/** Says once, above the fields, where the grey examples come from, so nobody mistakes them for advice. */
export function WorkedExampleNote() {
  return (
    <p className="mb-6 flex items-start gap-2 text-xs leading-relaxed text-muted-foreground">
      <Lightbulb className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden />
      <span>
        The grey examples in the fields come from one worked example, BrightSpark Labs, a small company
        selling a solar robot kit for children. They show what a complete answer looks like; write yours about
        your own business.
      </span>
    </p>
  );
}
