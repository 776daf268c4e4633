import type { PhaseConfig } from '@shared/phase-config';
import { ArrowRight, FileText, Lightbulb, ListChecks, Sparkles } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** 'Expected Output & What Happens Next': what the team ends with, why it matters, what comes next. */
export function ExpectedOutput({ output }: { output: PhaseConfig['expectedOutput'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-5 text-primary" aria-hidden />
          Expected Output &amp; What Happens Next
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        {output.marketInformedProductConcepts && (
          <section className="md:col-span-2">
            <h3 className="flex items-center gap-2 font-semibold">
              <Lightbulb className="size-4 text-accent" aria-hidden /> New product concepts
            </h3>
            <ul className="mt-2 space-y-1.5 text-sm leading-relaxed text-muted-foreground">
              {output.marketInformedProductConcepts.map((concept) => (
                <li key={concept} className="flex gap-2">
                  <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" />
                  <span>{concept}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        {output.fileCreated && (
          <section>
            <h3 className="flex items-center gap-2 font-semibold">
              <FileText className="size-4 text-primary" aria-hidden /> What you will have
            </h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{output.fileCreated}</p>
          </section>
        )}
        <section>
          <h3 className="flex items-center gap-2 font-semibold">
            <Lightbulb className="size-4 text-primary" aria-hidden /> Why it matters
          </h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{output.whyItMatters}</p>
        </section>
        <section className="md:col-span-2">
          <h3 className="flex items-center gap-2 font-semibold">
            <ArrowRight className="size-4 text-primary" aria-hidden /> Next steps
          </h3>
          <ul className="mt-2 space-y-1.5 text-sm leading-relaxed text-muted-foreground">
            {output.nextSteps.map((step) => (
              <li key={step} className="flex gap-2">
                <ArrowRight className="mt-1 size-3.5 shrink-0 text-primary" aria-hidden />
                <span>{step}</span>
              </li>
            ))}
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}

/** The fallback: plain numbered instructions for running the activity without the preview. */
export function FallbackInstructions({ instructions }: { instructions: string[] }) {
  return (
    <Card className="bg-muted/60 shadow-none">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <ListChecks className="size-5 text-muted-foreground" aria-hidden />
          Instructions
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-2 pl-5 text-sm leading-relaxed marker:font-semibold">
          {instructions.map((instruction) => (
            <li key={instruction}>{instruction}</li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
