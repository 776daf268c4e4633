/**
 * The workspace feature: which workspace is open (the team session), what opens, creates and ends one,
 * the workspace dialog, and so whether the page is in a workspace or in practice mode
 * (`useWorkspace().mode`). Other features and the app use only what is exported here.
 */
export { DeleteWorkspaceSlot } from './components/delete-workspace-slot';
export { LinkSwitchHost } from './components/link-switch-host';
export { AvatarPickerSlot, WorkspaceDialogHost } from './components/workspace-slots';
export { WorkspaceCodeSlot } from './components/workspace-code-slot';
export { codeCardFresh } from './lib/code-card';
export { AdoptWorkspaceFromUrl, useTeamSession, useWorkspace, type Workspace } from './hooks/use-workspace';
export { useEndWorkspace, useSignInWithToken } from './hooks/use-workspace-actions';
export { rememberTeam, updateWorkspaceTeam } from './lib/remember-team';
export type { WorkspaceTeam } from './lib/resolve-workspace';
export type { WorkspaceMode } from './lib/workspace-mode';
export { forgetPracticeChoice, openWorkspaceDialog, practiceWasChosen, useWorkspaceUi } from './workspace-ui';
