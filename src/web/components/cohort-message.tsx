import { type LucideIcon, SearchX } from 'lucide-react';
import type * as React from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** A whole-page state of the showcase or results (not found, not yet, no votes): icon, heading, words. */
export function CohortMessage({
  icon: Icon,
  title,
  children,
  action,
  tone = 'default',
  headingLevel = 2,
  className,
}: {
  icon: LucideIcon;
  title: string;
  children?: React.ReactNode;
  action?: React.ReactNode;
  tone?: 'default' | 'warning' | 'destructive' | 'celebrate';
  headingLevel?: 1 | 2;
  className?: string;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <Card className={cn('mx-auto w-full max-w-2xl', className)}>
      <CardContent className="flex flex-col items-center gap-4 px-6 pt-8 pb-8 text-center sm:px-10 sm:pt-10 sm:pb-10">
        <span
          className={cn(
            'flex size-16 items-center justify-center rounded-full',
            tone === 'warning' && 'bg-warning-soft text-warning',
            tone === 'destructive' && 'bg-destructive-soft text-destructive',
            tone === 'celebrate' && 'bg-accent-soft text-accent',
            tone === 'default' && 'bg-primary-soft text-primary',
          )}
        >
          <Icon className="size-8" aria-hidden="true" />
        </span>
        <Heading className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</Heading>
        {children && (
          <div className="max-w-prose text-base leading-7 text-muted-foreground sm:text-lg">{children}</div>
        )}
        {action}
      </CardContent>
    </Card>
  );
}

/** 'Cohort Not Found': no tag in the URL, or a tag no cohort has. */
export function CohortNotFoundPage() {
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-1 items-center px-4 py-10 sm:py-14">
      <title>Cohort Not Found · Applied GenAI Lab</title>
      <CohortMessage icon={SearchX} title="Cohort Not Found" headingLevel={1} tone="warning">
        Please check the URL and try again.
      </CohortMessage>
    </main>
  );
}
