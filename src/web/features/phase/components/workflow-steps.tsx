import type { PhaseConfig } from '@shared/phase-config';
import { Clock, ListOrdered } from 'lucide-react';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

type WorkflowStep = NonNullable<PhaseConfig['stepByStepFlow']>[number];

/** The step-by-step flow: each step expands to its sub-steps; the time per step shows when given. */
export function WorkflowSteps({ steps }: { steps: WorkflowStep[] }) {
  return (
    <Card>
      <CardHeader className="pb-2 sm:pb-2">
        <CardTitle className="flex items-center gap-2">
          <ListOrdered className="size-5 text-primary" aria-hidden />
          Step-by-step workflow
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Accordion type="multiple">
          {steps.map((step) => (
            <AccordionItem key={step.step} value={String(step.step)}>
              <AccordionTrigger disabled={!step.details}>
                <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="flex min-w-0 items-center gap-3">
                    <span
                      aria-hidden
                      className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary"
                    >
                      {step.step}
                    </span>
                    <span className="min-w-0 text-base">
                      <span className="sr-only">Step {step.step}: </span>
                      {step.action}
                    </span>
                  </span>
                  {step.time && (
                    <span className="ml-10 inline-flex items-center gap-1 text-xs font-normal text-muted-foreground sm:ml-0">
                      <Clock className="size-3.5" aria-hidden />
                      {step.time}
                    </span>
                  )}
                </span>
              </AccordionTrigger>
              {step.details && (
                <AccordionContent className="pl-10">
                  <p className="font-medium">{step.details.title}</p>
                  <ol className="mt-2 space-y-2">
                    {step.details.steps.map((sub) => (
                      <li key={sub.number} className="flex gap-2 leading-relaxed text-muted-foreground">
                        <span className="shrink-0 font-medium text-foreground">{sub.number}.</span>
                        <span>{sub.action}</span>
                      </li>
                    ))}
                  </ol>
                </AccordionContent>
              )}
            </AccordionItem>
          ))}
        </Accordion>
      </CardContent>
    </Card>
  );
}
