import { LogIn, ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** What an instructor's page shows anyone else: 'Access Denied', with the way to the login. */
export function AccessDenied() {
  return (
    <main className="mx-auto flex w-full max-w-lg flex-1 flex-col justify-center px-4 py-16">
      <title>Access Denied · Applied GenAI Lab</title>
      <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive-soft text-destructive">
          <ShieldAlert className="size-6" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">Access Denied</h1>
        <p className="text-muted-foreground">Admin access required. Please log in with admin credentials.</p>
        <Link to="/admin-login" className={buttonVariants({ className: 'mt-2' })}>
          <LogIn aria-hidden /> Go to Admin Login
        </Link>
      </Card>
    </main>
  );
}
