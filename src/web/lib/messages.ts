/**
 * The error and success texts (docs/product.md, Messages), in one place so the same failure always says the
 * same words. Screens keep their own headings and body texts.
 */
export const messages = {
  createWorkspaceError: {
    title: 'Error creating workspace',
    description: 'Failed to create workspace. Please try again.',
  },
  workspaceNotFound: {
    title: 'Workspace not found',
    description: "That Workspace Code wasn't found. Double-check and try again.",
  },
  openWorkspaceError: {
    title: 'Error opening workspace',
    description: 'Failed to open workspace. Please try again.',
  },
  /**
   * A try refused for being one too many (429): the server's words say why and when to try again ("Too many
   * wrong codes from this network. Try again in 5 seconds.").
   */
  tooManyTries: (serverMessage: string) => ({ title: 'Please wait a moment', description: serverMessage }),
  nameRequired: {
    title: 'Name required',
    description: 'Please enter your name or an identifier for your workspace.',
  },
  codeRequired: { title: 'Workspace Code required', description: 'Please enter your Workspace Code.' },
  avatarUpdateFailed: {
    title: 'Update failed',
    description: 'Failed to update team avatar. Please try again.',
  },
  avatarUpdated: { title: 'Avatar updated', description: 'Your team avatar has been successfully changed.' },
  logoutFailed: { title: 'Logout failed', description: 'Unable to logout. Please try again.' },
  loggedOut: { title: 'Logged out', description: 'You have been successfully logged out.' },
  switchWorkspaceFailed: {
    title: 'Switch workspace failed',
    description: 'Failed to end current workspace. Please try again.',
  },
  workspaceEnded: {
    title: 'Workspace ended',
    description: 'You can now create a new workspace or open an existing one.',
  },
  workspaceCreated: { title: 'Workspace created. Save this Workspace Code:' },
  codeCopied: { title: 'Copied!', description: 'Workspace Code copied to clipboard.' },
  workspaceOpened: (name: string) => ({ title: 'Workspace opened.', description: `Welcome back, ${name}` }),
  authenticationError: {
    title: 'Authentication Error',
    description: 'Team access token or cohort information not available.',
  },
  authenticationFailed: {
    title: 'Authentication Failed',
    description: 'Unable to authenticate your team session. Please try again.',
  },
  copyFailed: { title: 'Failed to copy', description: 'Could not copy prompt to clipboard.' },
  promptCopied: { title: 'Prompt copied!' },
  answerCopied: { title: 'Answer copied!' },
  answerUsed: (label: string, part: boolean) => ({
    title: `${part ? 'The part you selected' : 'The answer'} is in “${label}”.`,
    description: 'Saved like typing: later activities build on it.',
  }),
  answerCopyFailed: { title: 'Failed to copy', description: 'Could not copy the answer to the clipboard.' },
  promptDownloaded: { title: 'Prompt downloaded!' },
  downloadStarted: { title: 'Download Started' },
  downloadFailed: {
    title: 'Download Failed',
    description: 'Unable to download the PDF. Please try refreshing the page.',
  },
  practiceAnswersKept: {
    title: 'Practice answers saved',
    description: 'Your practice answers are now in your workspace.',
  },
  practiceAnswersKeepFailed: {
    title: 'Could not keep your practice answers',
    description: 'They are still in this browser. Please try again.',
  },
  answersDownloaded: { title: 'Answers downloaded!' },
  answersDownloadFailed: {
    title: 'Download Failed',
    description: 'Unable to download your answers. Please try again.',
  },
  loginMissingFields: { title: 'Missing fields', description: 'Please enter both username and password.' },
  loginFailed: (message?: string) => ({
    title: 'Login failed',
    description: message ?? 'Invalid credentials.',
  }),
  loginError: { title: 'Login error', description: 'Unable to connect to the server.' },
  exportFailed: (message?: string) => ({
    title: 'Export failed',
    description: message ?? 'Failed to export team progress data.',
  }),
  createCohortFailed: (message?: string) => ({
    title: 'Failed to create cohort',
    description: message ?? 'Please try again.',
  }),
  updateCohortFailed: (message?: string) => ({
    title: 'Failed to update cohort',
    description: message ?? 'Please try again.',
  }),
  assignFailed: (message?: string) => ({
    title: 'Failed to assign participants',
    description: message ?? 'Please try again.',
  }),
  unassignFailed: (message?: string) => ({
    title: 'Failed to unassign participants',
    description: message ?? 'Please try again.',
  }),
  archiveCohortFailed: (message?: string) => ({
    title: 'Failed to archive cohort',
    description: message ?? 'Please try again.',
  }),
  restoreCohortFailed: (message?: string) => ({
    title: 'Failed to restore cohort',
    description: message ?? 'Please try again.',
  }),
  cohortCreated: (name: string) => ({ title: 'Cohort created', description: `${name} is ready for teams.` }),
  participantsAssigned: (count: number, cohort: string) => ({
    title: 'Participants assigned',
    description: `${count} ${count === 1 ? 'team' : 'teams'} moved to ${cohort}.`,
  }),
  participantsUnassigned: (count: number) => ({
    title: 'Participants unassigned',
    description: `${count} ${count === 1 ? 'team' : 'teams'} removed from their cohort.`,
  }),
  cohortArchived: (name: string) => ({ title: 'Cohort archived', description: `${name} moved to Archived.` }),
  cohortRestored: (name: string) => ({ title: 'Cohort restored', description: `${name} is active again.` }),
  newCodeCopied: { title: 'Copied!', description: 'The new Workspace Code is copied to the clipboard.' },
  teamDeleted: (name: string) => ({
    title: 'Team deleted',
    description: `${name} is deleted with its answers, ballot and sessions.`,
  }),
  cohortDeleted: (name: string, teams: number, ballots: number) => ({
    title: 'Cohort deleted',
    description: `${name} is deleted: ${teams} ${teams === 1 ? 'team' : 'teams'} unassigned, ${ballots} ${
      ballots === 1 ? 'ballot' : 'ballots'
    } deleted.`,
  }),
  workspaceDeleted: {
    title: 'Workspace deleted',
    description: 'Your workspace and everything saved in it are deleted.',
  },
  revealFailed: (message?: string) => ({
    title: 'Failed to reveal results',
    description: message ?? 'Please try again.',
  }),
  ownTeamVote: { title: 'Cannot vote for your own team', description: 'Please select a different team.' },
  websiteSubmitted: (cohortName?: string) => ({
    title: 'Website submitted successfully',
    description: cohortName
      ? `Your website is submitted to the ${cohortName} showcase.`
      : 'Your website is submitted to your cohort showcase.',
  }),
  submitWebsiteFailed: (message: string) => ({ title: 'Failed to submit website', description: message }),
  linkCopyFailed: { title: 'Failed to copy', description: 'Could not copy the link to the clipboard.' },
  codeCopyFailed: {
    title: 'Failed to copy',
    description: 'Could not copy the Workspace Code to the clipboard. Write it down instead.',
  },
  votesSubmitted: { title: 'Votes submitted successfully', description: 'Thank you for voting!' },
  paceFailed: (message?: string) => ({
    title: 'Failed to pace the room',
    description: message ?? 'Please try again.',
  }),
  paceSent: (cohortName: string) => ({
    title: 'Sent to the room',
    description: `Every open page of ${cohortName} shows it now.`,
  }),
  teamJoined: (teamName: string, cohortName: string) => ({
    title: 'A team joined',
    description: `${teamName} joined ${cohortName}.`,
  }),
  joinedCohort: (cohortName: string) => ({
    title: 'Cohort joined',
    description: `Your team is now in ${cohortName}.`,
  }),
  joinLinkCopied: { title: 'Copied!', description: 'Join link copied to clipboard.' },
  submitVotesFailed: (message?: string) => ({
    title: 'Failed to submit votes',
    description: message ?? 'Please try again.',
  }),
  programmeCreated: (name: string) => ({
    title: 'Programme created',
    description: `${name} is ready to edit.`,
  }),
  createProgrammeFailed: (message?: string) => ({
    title: 'Failed to create programme',
    description: message ?? 'Please try again.',
  }),
  programmePublished: (name: string, version: number) => ({
    title: `Version ${version} published`,
    description: `Teams of the cohorts running ${name} see it now.`,
  }),
  publishFailed: (message?: string) => ({
    title: 'Failed to publish',
    description: message ?? 'Please try again.',
  }),
  programmeImported: (name: string) => ({
    title: 'Programme imported',
    description: `${name} is ready to edit and publish.`,
  }),
  programmeExportFailed: (message?: string) => ({
    title: 'Export failed',
    description: message ?? 'Failed to export the programme.',
  }),
  programmeAssigned: (programme: string, cohort: string) => ({
    title: 'Programme assigned',
    description: `${cohort} now runs ${programme}.`,
  }),
  assignProgrammeFailed: (message?: string) => ({
    title: 'Failed to assign programme',
    description: message ?? 'Please try again.',
  }),
} as const;

/** Defaults for failed calls when the server sent no message of its own (docs/product.md, Messages). */
export const callDefaults = {
  fetchWorkspace: 'Failed to fetch workspace data',
  fetchCohortData: 'Failed to fetch cohort data',
  submitWebsite: 'Failed to submit website',
  fetchCohorts: 'Failed to fetch cohorts',
  fetchArchivedCohorts: 'Failed to fetch archived cohorts',
  fetchTeams: 'Failed to fetch teams',
  fetchCohort: 'Failed to fetch cohort',
  fetchResults: 'Failed to fetch results',
} as const;
