import { AlertCircle, RotateCcw } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** A designed empty state: an icon, what is missing, and what to do about it. */
export function EmptyPanel({
  icon,
  title,
  description,
  action,
}: {
  icon: React.ReactNode;
  title: string;
  description: string;
  action?: React.ReactNode;
}) {
  return (
    <Card className="flex flex-col items-center gap-3 border-dashed px-6 py-12 text-center shadow-none">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
        {icon}
      </span>
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="max-w-md text-sm text-muted-foreground">{description}</p>
      {action}
    </Card>
  );
}

export function ErrorPanel({
  title,
  description,
  onRetry,
}: {
  title: string;
  description: string;
  onRetry: () => void;
}) {
  return (
    <Card
      role="alert"
      className="flex flex-col items-center gap-3 border-red-200 bg-destructive-soft px-6 py-10 text-center"
    >
      <AlertCircle className="size-8 text-destructive" aria-hidden />
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="max-w-md text-sm text-muted-foreground">{description}</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCcw aria-hidden /> Try Again
      </Button>
    </Card>
  );
}
