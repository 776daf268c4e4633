/**
 * The workspace feature: which workspace is open (the team session), what opens, creates and ends one,
 * and the workspace dialog. Other features and the app use only what is exported here.
 */
export { DeleteWorkspaceSlot } from './components/delete-workspace-slot';
export { LinkSwitchHost } from './components/link-switch-host';
export { AvatarPickerSlot, WorkspaceDialogHost } from './components/workspace-slots';
export { AdoptWorkspaceFromUrl, useTeamSession, useWorkspace, type Workspace } from './hooks/use-workspace';
export { useEndWorkspace, useSignInWithToken } from './hooks/use-workspace-actions';
export { rememberTeam, updateWorkspaceTeam } from './lib/remember-team';
export type { WorkspaceTeam } from './lib/resolve-workspace';
export { openWorkspaceDialog, readPractice, setPractice, useWorkspaceUi } from './workspace-ui';
