import * as React from 'react';
import type { WorkspaceTeam } from '@/features/workspace';

// Only cohort teams on the website-builder activity need it; it brings the cohort's live events and the
// website form's schema, which the other seven activities should not load.
const WebsiteSubmission = React.lazy(() =>
  import('./website-submission').then((m) => ({ default: m.WebsiteSubmission })),
);

/** The website-builder activity's cohort panel, loaded when a team in a cohort opens that activity. */
export function WebsiteSubmissionSlot({ team }: { team: WorkspaceTeam }) {
  return (
    <React.Suspense fallback={null}>
      <WebsiteSubmission team={team} />
    </React.Suspense>
  );
}
