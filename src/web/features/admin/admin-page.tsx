import { useQuery } from '@tanstack/react-query';
import { Download, Layers, LogIn, ShieldAlert, Users } from 'lucide-react';
import * as React from 'react';
import { Link } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FullPageSpinner, Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { useAdminEvents } from './hooks/use-admin-events';
import { OpenHoldsProvider } from './hooks/use-held-while-open';
import { useAdminStatus } from './hooks/use-admin-status';
import { serverMessageOf } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { activeCohortsQueryOptions } from './api/admin-cohorts';
import { adminTeamsQueryOptions } from './api/admin-teams';
import { downloadProgressExport } from './api/export-progress';
import { CohortsTab } from './components/cohorts-tab';
import { InstructionsDialog } from './components/instructions-dialog';
import { ParticipantsTab } from './components/participants-tab';

/** `/admin`: the Instructor Dashboard. */
export default function AdminPage() {
  const { isAdmin, adminLoading } = useAdminStatus();
  if (adminLoading) return <FullPageSpinner label="Checking admin access" />;
  if (!isAdmin) return <AccessDenied />;
  return <Dashboard />;
}

function AccessDenied() {
  return (
    <main className="mx-auto flex w-full max-w-lg flex-1 flex-col justify-center px-4 py-16">
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

function Dashboard() {
  const [exporting, setExporting] = React.useState(false);
  const teams = useQuery(adminTeamsQueryOptions);
  const cohorts = useQuery(activeCohortsQueryOptions);
  useAdminEvents();

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadProgressExport();
      toast({ variant: 'success', ...messages.downloadStarted });
    } catch (error) {
      toast({ variant: 'destructive', ...messages.exportFailed(serverMessageOf(error)) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Instructor Dashboard</h1>
          <p className="mt-1 text-muted-foreground">
            Follow every team’s progress, group teams into cohorts, and run the showcase.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <InstructionsDialog />
          <Button onClick={() => void onExport()} disabled={exporting}>
            {exporting ? (
              <Spinner className="size-4 text-current" label="Exporting" />
            ) : (
              <Download aria-hidden />
            )}
            Export CSV
          </Button>
        </div>
      </div>

      <OpenHoldsProvider>
        <Tabs defaultValue="participants" className="mt-6 sm:mt-8">
          <TabsList className="w-full sm:w-auto">
            <TabsTrigger value="participants" className="flex-1 sm:flex-none">
              <Users aria-hidden /> Participants
              {teams.data && <TabCount value={teams.data.length} />}
            </TabsTrigger>
            <TabsTrigger value="cohorts" className="flex-1 sm:flex-none">
              <Layers aria-hidden /> Cohorts
              {cohorts.data && <TabCount value={cohorts.data.length} />}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="participants">
            <ParticipantsTab />
          </TabsContent>
          <TabsContent value="cohorts">
            <CohortsTab />
          </TabsContent>
        </Tabs>
      </OpenHoldsProvider>
    </main>
  );
}

function TabCount({ value }: { value: number }) {
  return (
    <span
      className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold tabular-nums text-muted-foreground"
      aria-hidden
    >
      {value}
    </span>
  );
}
