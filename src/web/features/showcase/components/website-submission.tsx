import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UpdateWebsiteBodySchema } from '@shared/schemas/team';
import { normaliseWebsiteUrl, WEBSITE_URL_MAX_LENGTH } from '@shared/website-url';
import { Check, Copy, Globe, Link2, Send, Trophy, Vote } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { rememberTeam, useSignInWithToken, type WorkspaceTeam } from '@/features/workspace';
import { serverMessageOf } from '@/lib/api-client';
import { cohortStatusQueryOptions, useCohortEvents } from '@/lib/cohort-status';
import { callDefaults, messages } from '@/lib/messages';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';
import { submitWebsite } from '../api/submit-website';

/** The link that logs this team in on any device: `/phase/1?team_id=CODE&token=ACCESS_TOKEN`. */
export function secureLinkFor(origin: string, code: string, accessToken: string): string {
  const params = new URLSearchParams({ team_id: code, token: accessToken });
  return `${origin}/phase/1?${params.toString()}`;
}

/**
 * The website-builder activity's cohort panel: 'Submit Your Deployed Website', the permanent secure link
 * and the Next Steps box. Rendered by the phase page for the website phase; shows nothing for a team
 * outside a cohort.
 */
export function WebsiteSubmission({ team }: { team: WorkspaceTeam | null }) {
  if (!team?.cohortTag) return null;
  return <CohortPanel team={team} cohortTag={team.cohortTag} />;
}

function CohortPanel({ team, cohortTag }: { team: WorkspaceTeam; cohortTag: string }) {
  const status = useQuery(cohortStatusQueryOptions(cohortTag));
  // The buttons follow the instructor's switches live (voting opens, results released).
  useCohortEvents(status.data ? cohortTag : undefined);
  return (
    <section aria-label="Cohort showcase" className="flex flex-col gap-6">
      <SubmitWebsiteCard team={team} cohortName={status.data?.name} />
      {team.accessToken && <SecureLinkCard code={team.code} accessToken={team.accessToken} />}
      <NextSteps
        team={team}
        cohortTag={cohortTag}
        competitionEnabled={status.data?.competitionEnabled ?? false}
        votingOpen={status.data?.votingOpen ?? false}
      />
    </section>
  );
}

function SubmitWebsiteCard({ team, cohortName }: { team: WorkspaceTeam; cohortName?: string }) {
  const queryClient = useQueryClient();
  const submitted = team.submittedWebsiteUrl ?? '';
  const form = useForm({
    defaultValues: { websiteUrl: submitted },
    resolver: zodResolver(UpdateWebsiteBodySchema),
  });
  const url = useWatch({ control: form.control, name: 'websiteUrl' });
  // A submission made elsewhere (another device, the admin) shows up here.
  React.useEffect(() => form.reset({ websiteUrl: submitted }), [form, submitted]);

  const submit = useMutation({
    mutationFn: (websiteUrl: string) => submitWebsite(team.id, websiteUrl),
    onSuccess: (updated) => {
      rememberTeam(queryClient, updated);
      form.reset({ websiteUrl: updated.submittedWebsiteUrl ?? '' });
      toast({ variant: 'success', ...messages.websiteSubmitted(cohortName) });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        ...messages.submitWebsiteFailed(serverMessageOf(error) ?? callDefaults.submitWebsite),
      });
    },
  });

  const onSubmit = form.handleSubmit(({ websiteUrl }) => {
    if (websiteUrl.trim() === '' || submit.isPending) return;
    const normalised = normaliseWebsiteUrl(websiteUrl);
    if (!normalised.ok) {
      toast({ variant: 'destructive', ...messages.submitWebsiteFailed(normalised.message) });
      return;
    }
    form.setValue('websiteUrl', normalised.url);
    submit.mutate(normalised.url);
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Globe className="size-5 text-primary" aria-hidden="true" />
          Submit Your Deployed Website
        </CardTitle>
        <CardDescription>
          Share the address of your live site with {cohortName ?? 'your cohort'}. You can update it at any
          time.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <FormField id="website-url" label="Website URL" className="flex-1 gap-2">
            <Input
              id="website-url"
              type="text"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              placeholder="https://your-team-site.example"
              maxLength={WEBSITE_URL_MAX_LENGTH}
              {...form.register('websiteUrl')}
            />
          </FormField>
          <Button type="submit" disabled={url.trim() === '' || submit.isPending} className="sm:w-44">
            {submit.isPending ? (
              <Spinner className="size-4 text-primary-foreground" label="Submitting" />
            ) : (
              <Send aria-hidden="true" />
            )}
            {submitted ? 'Update Website' : 'Submit Website'}
          </Button>
        </form>
        {submitted && (
          <p className="mt-3 flex items-center gap-2 text-sm text-success">
            <Check className="size-4" aria-hidden="true" />
            Submitted to the showcase.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function SecureLinkCard({ code, accessToken }: { code: string; accessToken: string }) {
  const link = secureLinkFor(window.location.origin, code, accessToken);
  const { copied, copy: copyText } = useCopyToClipboard();
  const copy = async () => {
    if (!(await copyText(link))) toast({ variant: 'destructive', ...messages.linkCopyFailed });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 className="size-5 text-primary" aria-hidden="true" />
          Your Team's Permanent Secure Link
        </CardTitle>
        <CardDescription>
          Opens your workspace, already signed in, on any device. Keep it private: anyone with it can act for
          your team.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <FormField id="secure-link" label="Secure link" className="min-w-0 flex-1 gap-2">
          <div className="flex gap-2">
            <Input
              id="secure-link"
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-sm"
            />
            <Button variant="outline" onClick={copy} className="w-28 shrink-0">
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">Or scan the code to open it on a phone.</p>
        </FormField>
        <figure className="self-center rounded-lg border border-border bg-white p-3 sm:self-start">
          <QRCodeSVG value={link} size={144} title="QR code of your team's secure link" marginSize={0} />
        </figure>
      </CardContent>
    </Card>
  );
}

function NextSteps({
  team,
  cohortTag,
  competitionEnabled,
  votingOpen,
}: {
  team: WorkspaceTeam;
  cohortTag: string;
  competitionEnabled: boolean;
  votingOpen: boolean;
}) {
  const [, navigate] = useLocation();
  const signIn = useSignInWithToken();
  const busy = signIn.isPending;
  const canVote = competitionEnabled && votingOpen;

  // The showcase checks the team session, so make sure this browser has one for this team first.
  const goToShowcase = () => {
    if (!team.accessToken || !cohortTag) {
      toast({ variant: 'destructive', ...messages.authenticationError });
      return;
    }
    signIn.mutate(team.accessToken, {
      onSuccess: () => navigate(`/showcase/${cohortTag}`),
      onError: () => toast({ variant: 'destructive', ...messages.authenticationFailed }),
    });
  };

  return (
    <div className="rounded-xl border border-primary/20 bg-primary-soft p-5 sm:p-6">
      <h3 className="text-lg font-semibold">Next Steps</h3>
      <p className="mt-1 text-sm text-muted-foreground">
        {team.submittedWebsiteUrl
          ? canVote
            ? 'Voting is open: browse the other teams’ sites and rank your three favourites.'
            : 'Browse the websites of the other teams in your cohort.'
          : 'Submit your website first: the showcase opens to teams that have submitted theirs.'}
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Button onClick={goToShowcase} disabled={busy}>
          {busy ? (
            <Spinner className="size-4 text-primary-foreground" label="Signing in" />
          ) : canVote ? (
            <Vote aria-hidden="true" />
          ) : (
            <Globe aria-hidden="true" />
          )}
          {canVote ? 'Go to Showcase & Vote' : 'View Showcase'}
        </Button>
        {votingOpen && (
          <Link to={`/results/${cohortTag}`} className={buttonVariants({ variant: 'outline' })}>
            <Trophy aria-hidden="true" />
            View Results
          </Link>
        )}
      </div>
    </div>
  );
}
