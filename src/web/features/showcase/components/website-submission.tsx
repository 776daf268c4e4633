import type { WorkspaceTeam } from '@/features/workspace/workspace-context';

/**
 * The website-builder activity's cohort panel: 'Submit Your Deployed Website', the permanent secure link
 * and the Next Steps box. Rendered by the phase page for the website phase; shows nothing for a team
 * outside a cohort.
 */
export function WebsiteSubmission({ team }: { team: WorkspaceTeam | null }) {
  if (!team?.cohortTag) return null;
  return null;
}
