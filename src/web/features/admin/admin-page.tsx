import { useQuery } from '@tanstack/react-query';
import { BookOpen, Download, Layers, LifeBuoy, Users } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { FullPageSpinner, Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { HelpAlerts, HelpRequests, useHelpQueueListener, useHelpRequestCount } from '@/features/coaching';
import { AdminRuns } from '@/features/runs';
import { modelRunsSetUp } from '@/lib/model-runs';
import { ProgrammesTab } from '@/features/programmes';
import { useSearch } from 'wouter';
import { useAdminEvents } from './hooks/use-admin-events';
import { useLiveEvents } from '@/lib/live/use-live-events';
import { OpenHoldsProvider } from './hooks/use-held-while-open';
import { useAdminStatus } from '@/lib/admin-session';
import { serverMessageOf } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { activeCohortsQueryOptions } from './api/admin-cohorts';
import { adminTeamsQueryOptions } from '@/lib/admin-teams';
import { downloadProgressExport } from './api/export-progress';
import { CohortsTab } from './components/cohorts-tab';
import { InstructionsDialog } from './components/instructions-dialog';
import { ParticipantsTab } from './components/participants-tab';
import { AccessDenied } from '@/components/access-denied';
import { LivePausedNotice } from '@/components/live-paused-notice';

/** `/admin`: the Instructor Dashboard. */
export default function AdminPage() {
  const { isAdmin, adminLoading } = useAdminStatus();
  if (adminLoading) return <FullPageSpinner label="Checking admin access" />;
  if (!isAdmin) return <AccessDenied />;
  return <Dashboard />;
}

/** The dashboard's tabs; `/admin?tab=programmes` opens on one (the editor's way back). */
const TABS = ['participants', 'cohorts', 'help', 'programmes', 'runs'] as const;

function Dashboard() {
  const [exporting, setExporting] = React.useState(false);
  const asked = new URLSearchParams(useSearch()).get('tab');
  const [initialTab] = React.useState(TABS.find((tab) => tab === asked) ?? 'participants');
  const teams = useQuery(adminTeamsQueryOptions);
  const cohorts = useQuery(activeCohortsQueryOptions);
  useAdminEvents();
  // The Help requests list follows the same stream, as the coaching feature says.
  useLiveEvents([useHelpQueueListener()]);

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
      <title>Instructor Dashboard · Applied GenAI Lab</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Instructor Dashboard</h1>
          <p className="mt-1 text-muted-foreground">
            Follow every team’s progress, group teams into cohorts, and run the showcase.
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <HelpAlerts />
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
        <Tabs defaultValue={initialTab} className="mt-6 sm:mt-8">
          <TabsList className="h-auto w-full flex-wrap sm:h-11 sm:w-auto sm:flex-nowrap">
            <TabsTrigger value="participants" className="flex-1 sm:flex-none">
              <Users aria-hidden /> Participants
              {teams.data && <TabCount value={teams.data.length} />}
            </TabsTrigger>
            <TabsTrigger value="cohorts" className="flex-1 sm:flex-none">
              <Layers aria-hidden /> Cohorts
              {cohorts.data && <TabCount value={cohorts.data.length} />}
            </TabsTrigger>
            <TabsTrigger value="help" className="flex-1 sm:flex-none" data-testid="help-tab">
              <LifeBuoy aria-hidden /> Help requests
              <HelpCount />
            </TabsTrigger>
            {modelRunsSetUp() && (
              <TabsTrigger value="runs" className="flex-1 sm:flex-none" data-testid="runs-tab">
                Model runs
              </TabsTrigger>
            )}
            <TabsTrigger value="programmes" className="flex-1 sm:flex-none">
              <BookOpen aria-hidden /> Programmes
            </TabsTrigger>
          </TabsList>
          <TabsContent value="participants">
            <ParticipantsTab />
          </TabsContent>
          <TabsContent value="cohorts">
            <CohortsTab />
          </TabsContent>
          <TabsContent value="help">
            <HelpRequests />
          </TabsContent>
          {modelRunsSetUp() && (
            <TabsContent value="runs">
              <React.Suspense fallback={null}>
                <AdminRuns />
              </React.Suspense>
            </TabsContent>
          )}
          <TabsContent value="programmes">
            <ProgrammesTab />
          </TabsContent>
        </Tabs>
      </OpenHoldsProvider>
      <LivePausedNotice />
    </main>
  );
}

/** The open help requests, counted on their tab whichever tab is shown; it stands out while any wait. */
function HelpCount() {
  const count = useHelpRequestCount();
  if (count === 0) return null;
  return (
    <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold tabular-nums text-accent-foreground">
      <span className="sr-only">, waiting: </span>
      {count}
    </span>
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
