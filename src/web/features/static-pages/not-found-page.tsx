import { ArrowLeft, CircleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

export function NotFoundPage() {
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-1 items-center justify-center px-4 py-10 sm:py-14">
      <title>Page Not Found · Applied GenAI Lab</title>
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 pt-6 text-center sm:pt-8">
          <CircleAlert className="size-10 text-destructive" aria-hidden="true" />
          <h1 className="text-3xl font-bold tracking-tight">404 Page Not Found</h1>
          <p className="text-base leading-7 text-muted-foreground">
            Did you forget to add the page to the router?
          </p>
          <Link to="/" className={buttonVariants({ variant: 'outline', className: 'mt-2' })}>
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
