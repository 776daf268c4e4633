import * as React from 'react';

/**
 * Running an activity's prompt on the institute's model (docs/product.md, Running a prompt in the app;
 * docs/decisions/045-running-prompts-on-a-model.md). Present only where the server has a model set up
 * (`modelRunsSetUp`, src/web/lib/model-runs.ts): every component here loads on demand, so a page without it
 * loads none of its code. Other features use only what is exported here.
 */
export const RunPrompt = React.lazy(() => import('./components/run-prompt'));
export const AdminRuns = React.lazy(() => import('./components/admin-runs'));
export { teamRunsListener, useAdminRunsListener } from './hooks/runs-listeners';
export { teamRunsQueryOptions } from './api/team-runs';
