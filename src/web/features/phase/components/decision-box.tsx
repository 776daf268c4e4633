import type { PhaseConfig } from '@shared/phase-config';
import { CheckSquare, Target } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

type DecisionBoxContent = NonNullable<PhaseConfig['decisionBoxContent']>;

/** What the team must decide, in numbered sections, and the checklist before running the prompt. */
export function DecisionBox({ content }: { content: DecisionBoxContent }) {
  return (
    <Card className="border-primary/20">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Target className="size-5 text-primary" aria-hidden />
          {content.title}
        </CardTitle>
        {content.subtitle && <CardDescription>{content.subtitle}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
        {content.sections.map((section) => (
          <section key={section.number} aria-labelledby={`decision-${section.number}`} className="min-w-0">
            <h3 id={`decision-${section.number}`} className="flex items-center gap-2 font-semibold">
              <span
                aria-hidden
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm text-primary-foreground"
              >
                {section.number}
              </span>
              <span>
                <span className="sr-only">{section.number}. </span>
                {section.title}
              </span>
            </h3>
            <dl className="mt-3 space-y-3 text-sm">
              {section.items.map((item) => (
                <div key={item.label}>
                  <dt className="font-medium">{item.label}</dt>
                  <dd className="mt-0.5 leading-relaxed text-muted-foreground">{item.content}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        <section
          aria-labelledby="decision-action"
          className="rounded-lg border border-accent/40 bg-accent-soft p-4 md:col-span-2 xl:col-span-3"
        >
          <h3 id="decision-action" className="flex items-center gap-2 font-semibold text-accent-foreground">
            <CheckSquare className="size-5" aria-hidden />
            {content.action.title}
          </h3>
          <ul className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
            {content.action.items.map((item) => (
              <li key={item} className="flex gap-2">
                <span
                  aria-hidden
                  className="mt-0.5 size-4 shrink-0 rounded border border-accent-foreground/50"
                />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}
