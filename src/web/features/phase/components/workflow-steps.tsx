import type { PhaseConfig } from '@shared/phase-config';
import { activityDurations, formatMinutes } from '@shared/programme-time';
import { Clock, House, ListOrdered } from 'lucide-react';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

type WorkflowStep = NonNullable<PhaseConfig['stepByStepFlow']>[number];

/**
 * The step-by-step flow: each step expands to its sub-steps; the time per step shows when given, and a step
 * done after class is marked as homework (the activity's estimated time is its class time).
 */
export function WorkflowSteps({ steps }: { steps: WorkflowStep[] }) {
  const homework = steps.filter((step) => step.homework);
  const { inClass, homework: homeworkTime } = activityDurations(steps);
  return (
    <Card>
      <CardHeader className="pb-2 sm:pb-2">
        <CardTitle className="flex items-center gap-2">
          <ListOrdered className="size-5 text-primary" aria-hidden />
          Step-by-step workflow
        </CardTitle>
        {homework.length > 0 && inClass && homeworkTime && (
          <p className="text-sm text-muted-foreground">
            In class: {formatMinutes(inClass)}. Homework: step{homework.length > 1 ? 's' : ''}{' '}
            {homework.map((step) => step.step).join(' and ')}, {formatMinutes(homeworkTime)} after class.
          </p>
        )}
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
                  {step.homework && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-foreground">
                      <House className="size-3.5" aria-hidden />
                      Homework
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
