import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { AdminLoginBodySchema } from '@shared/schemas/auth';
import { LogIn, ShieldCheck } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { Redirect, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { adminStatusQueryOptions } from '@/lib/admin-session';
import { useAdminLogin } from './api/admin-session';

/** `/admin-login`: the instructor's username and password, checked against the login call's own schema. */
export default function AdminLoginPage() {
  const [, navigate] = useLocation();
  const status = useQuery(adminStatusQueryOptions);
  const login = useAdminLogin();
  const form = useForm({
    defaultValues: { username: '', password: '' },
    resolver: zodResolver(AdminLoginBodySchema),
  });
  const busy = login.isPending || login.isSuccess;
  // The failures said so far: a login that then works takes them away, so no "Login failed" stays on.
  const failures = React.useRef<(() => void)[]>([]);
  const fail = (input: Parameters<typeof toast>[0]) => failures.current.push(toast(input).dismiss);

  const onSubmit = form.handleSubmit(
    (credentials) => {
      if (busy) return;
      login.mutate(credentials, {
        onSuccess: () => {
          for (const dismiss of failures.current.splice(0)) dismiss();
          navigate('/admin');
        },
        onError: (error) => {
          // A response from the server is a refusal; no response at all means we never reached it.
          if (error instanceof ApiError) {
            fail({ variant: 'destructive', ...messages.loginFailed(error.serverMessage) });
          } else {
            fail({ variant: 'destructive', ...messages.loginError });
          }
        },
      });
    },
    () => fail({ variant: 'destructive', ...messages.loginMissingFields }),
  );

  // Already signed in: straight to the dashboard.
  if (status.data?.isAuthenticated && !busy) return <Redirect to="/admin" replace />;

  return (
    <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-12 sm:py-20">
      <title>Admin Login · Applied GenAI Lab</title>
      <Card>
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
            <ShieldCheck className="size-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold tracking-tight">Admin Login</h1>
          <CardDescription>Sign in with your instructor account to manage cohorts and teams.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
            <FormField id="admin-username" label="Username" className="gap-2">
              <Input
                id="admin-username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                {...form.register('username')}
                disabled={busy}
              />
            </FormField>
            <FormField id="admin-password" label="Password" className="gap-2">
              <Input
                id="admin-password"
                type="password"
                autoComplete="current-password"
                {...form.register('password')}
                disabled={busy}
              />
            </FormField>
            <Button type="submit" size="lg" disabled={busy} className="mt-2">
              {busy ? <Spinner className="size-4 text-current" label="Signing in" /> : <LogIn aria-hidden />}
              Sign In
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
