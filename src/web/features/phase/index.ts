/**
 * The eight activities. The activity page and a team's work are routes (loaded on demand by the router);
 * the data layer reads which activities have data (the header lists them), and the team stream's host is mounted beside the
 * pages. The configs' query options are app-wide (`lib/phase-config.ts`). Other features and the app use
 * only what is exported here.
 *
 * The activity page's presentational parts are exported too, for the programme editor's "Preview as a team"
 * (features/programmes), so the preview is the page a team sees and not a copy of it.
 */
export { usePhasesWithData } from './hooks/use-phases-with-data';
export { usePhasesDone } from './hooks/use-phases-done';
export { TeamStreamHost } from './components/team-stream-host';
export { DecisionBox } from './components/decision-box';
export { WorkflowSteps } from './components/workflow-steps';
export { ExpectedOutput, FallbackInstructions } from './components/expected-output';
export { DecisionForm } from './components/decision-form';
export { PromptPreview } from './components/prompt-preview';
export { MissingInputs } from './components/prompt-inputs';
export type { Answers } from './lib/answers';
