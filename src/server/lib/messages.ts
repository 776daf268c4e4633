/**
 * Every message the server answers with, in one place: routes, guards and plugins name an entry instead of
 * writing the words again, so one wording change is one edit. The ballot's own rules and their messages are
 * shared with the client (`src/shared/scoring.ts`).
 */
export const MESSAGES = {
  // Requests as such.
  badAddress: 'The request address is not valid.',
  addressTooLong: 'The request address is too long.',
  headersTooLarge: 'The request headers are too large.',
  badRequest: 'The request could not be read.',
  requestTimeout: 'The request took too long to arrive.',
  bodyTooLarge: 'Request body is too large.',
  invalidJson: 'Request body is not valid JSON.',
  crossSite: 'Cross-site request refused.',
  noApiRoute: (method: string, path: string) => `No API route ${method} ${path}`,
  databaseUnavailable: 'The database is unavailable. Please try again shortly.',
  internal: 'Something went wrong on our side. Please try again.',

  // Limits.
  tooManyRequests: (seconds: number) => `Too many requests. Please wait ${seconds} seconds and try again.`,
  tooManyFailures: () => 'Too many failed attempts. Please wait a minute and try again.',
  tooManyWrongCodes: (seconds: number) =>
    `Too many wrong codes from this network. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  tooManyStreams: 'Too many live connections are open. Close some tabs and try again.',
  teamStreamsFull:
    "Too many devices are connected with this team's Workspace Code. Ask your instructor for a new Workspace Code.",
  tooManyCreations: (seconds: number) =>
    `Too many workspaces were created from this network. Please wait ${seconds} seconds and try again.`,

  // Sessions and who may call.
  teamSessionRequired: 'Team session required. Open your workspace first.',
  adminSessionRequired: 'Admin session required.',
  otherTeamsWorkspace: 'This workspace belongs to another team.',
  invalidAccessToken: 'Invalid access token.',
  invalidCredentials: 'Invalid credentials',

  // Workspaces and answers.
  workspaceNotFound: 'Workspace not found.',
  codeTaken: 'That Workspace Code is already taken. Please choose another.',
  noFreeCode: 'No free Workspace Code could be found right now. Please try again in a few minutes.',
  answersTooLarge: 'data: answers for one activity may take at most 64 KiB.',
  noSavedAnswers: 'No saved answers for this activity yet.',
  textEditUnreadable: (field: string) => `text.${field}: the text edit could not be read. Nothing was saved.`,
  textEditConflict: (field: string) =>
    `text.${field}: the text was replaced while you typed, so your edit no longer fits it. Nothing was saved: read the answer again and type your change on it.`,
  factTooLong: (field: string, max: number) =>
    `values.${field}: with what others typed into it, this fact would pass ${max} characters. Nothing was saved: shorten it.`,
  numberAnswer: (id: string, label: string, problem: string) =>
    `data.${id}: "${label}": ${problem} Nothing was saved.`,
  saveContended: 'Other saves of this activity kept landing first. Nothing was saved: try again in a moment.',
  phaseNotFound: 'Phase not found. Please select a valid phase between 1 and 8.',

  // Cohorts.
  cohortNotFound: 'Cohort not found.',
  cohortTagTaken: (tag: string) => `The tag "${tag}" is already taken. Please choose another.`,
  cohortArchivedNoTeams: 'This cohort is archived. Restore it before adding teams.',
  unknownTeams: 'teamIds: one or more teams do not exist; nothing was changed.',
  revealBeforeRelease: 'Release the results before revealing the winners.',
  cohortArchivedNoPace: 'This cohort is archived. Restore it before pacing its room.',

  // Programmes.
  programmeNotFound: 'Programme not found.',
  copyFromNotFound: 'copyFrom: the programme to copy was not found.',
  versionNotFound: 'That version of the programme was not found.',
  standardReadOnly:
    'The Standard programme cannot be changed. Copy it to make a programme of your own, then edit the copy.',
  draftConflict: (who: string | null) =>
    `${who ?? 'Another instructor'} saved this programme after the draft you edited. Nothing was changed: load their draft, then make your change again.`,
  programmeTooLarge: (kilobytes: number, limit: number) =>
    `A programme may take at most ${limit} KB; this one takes ${kilobytes} KB. Nothing was saved.`,
  publishRefused: (count: number) =>
    `The programme has ${count === 1 ? 'a problem' : `${count} problems`}: fix ${count === 1 ? 'it' : 'them'} to publish. Nothing was published.`,
  importRefused: (count: number) =>
    `The file's programme has ${count === 1 ? 'a problem' : `${count} problems`}. Nothing was imported.`,
  publishTakesAnswers: (label: string, count: number) =>
    `The new version would blank answers teams running this programme have given, in "${label}"${count > 1 ? ` and ${count - 1} more` : ''}: keep their ids and values. Nothing was published.`,
  publishUnchecked: 'The programme could not be checked, so it cannot be published. Nothing was published.',
  importUnchecked: "The file's programme could not be checked. Nothing was imported.",
  checksBusy:
    'The server is checking other programmes right now. Nothing was changed: try again in a minute.',
  programmeUnpublished: 'Publish this programme before giving it to a cohort.',
  exportUnpublished: 'Publish this programme before exporting it: a file holds a published version.',
  otherCohortsProgramme: "This programme is not your cohort's.",

  avatarTaken: 'Another team in your cohort has this avatar. Choose another one.',
  // Joining a cohort by its join link.
  unknownJoinCode: "No cohort has this code. Check it on the room's screen or with your instructor.",
  joiningClosed: (name: string) =>
    `Joining ${name} is closed. Ask your instructor to open it, then try again.`,
  joinArchived: (name: string) => `${name} is archived: it takes no new teams.`,
  confirmMove: (from: string, to: string) =>
    `Your team is in ${from}. Confirm that it moves to ${to} (move: true).`,
  tooManyJoinCodes: (seconds: number) =>
    `Too many join codes that match no cohort. Please wait ${seconds} seconds and try again.`,

  // Deleting data.
  wrongDeletionConfirmation:
    "confirmName: type the team's name exactly as shown to confirm. Nothing was deleted.",
  cohortStillActive: 'Only an archived cohort can be deleted. Archive it first. Nothing was deleted.',

  // Coaching: feedback on a team's work, and its requests for help.
  feedbackNotFound: 'That feedback was not found: it may have been removed.',
  helpIsTheTeams: 'Only the team itself asks for help or withdraws its request.',
  helpAlreadyOpen: 'Your team has already asked for help: your instructor is on the way.',
  noOpenHelpRequest: 'Your team has no open request for help.',
  helpRequestNotFound: 'That help request was not found.',
  helpWithdrawn: 'The team withdrew this request.',
  helpNeedsActiveCohort:
    "Only a team in an active cohort can ask for help. Ask your instructor to add your team to the class's cohort.",
  tooManyHelpChanges: (seconds: number) =>
    `Your team has asked for help or withdrawn too often. Please wait ${seconds} seconds and try again.`,

  // Running a prompt on the institute's model.
  runsNotSetUp: 'Running prompts is not set up on this server: copy the prompt into an assistant instead.',
  runIsTheTeams: 'Only the team itself runs its prompts: runs are charged to its budget.',
  runsNoCohort:
    "Only a team in an active cohort can run prompts: its instructor sets the budget. Copy the prompt instead, or ask your instructor to add your team to the class's cohort.",
  runsOff: 'Runs are off for your cohort: your instructor switches them on. Copy the prompt instead.',
  runsPaused: "Your instructor has paused your team's runs. Copy the prompt instead, or ask your instructor.",
  runBudgetSpent: (left: number, need: number) =>
    `Your team's budget is nearly spent: ${left} tokens left, and a run may take up to ${need}. Ask your instructor for more, or copy the prompt instead.`,
  cohortBudgetSpent: (left: number, need: number) =>
    `Your cohort's budget is nearly spent: ${left} tokens left for every team, and a run may take up to ${need}. Ask your instructor for more, or copy the prompt instead.`,
  runInFlight: "Your team's run is still going: wait for its answer, or stop it, before running again.",
  runActivityUnknown: "This activity is not in your team's programme, so its prompt cannot run.",
  budgetBelowOneRun: (setting: string, least: number) =>
    `${setting} must be at least ${least}: one run reserves its prompt and the longest answer.`,
  tooManyRuns: (perMinute: number) =>
    `Your team may start ${perMinute} ${perMinute === 1 ? 'run' : 'runs'} a minute. Please wait a moment and try again.`,
  modelBusy: "The model is busy with other teams' runs. Please try again in a minute.",
  runFailed: {
    timeout: 'The model took too long to answer. Please try again.',
    unavailable: 'The model could not be reached. Please try again in a minute.',
    refused: (status: number | undefined) =>
      `The model's provider refused the run${status ? ` (${status})` : ''}. Please try again later, or tell your instructor.`,
    garbage: 'The model answered with something that is not an answer. Please try again.',
    'too-long': 'The answer was too long to keep: it stops here.',
    stopped: 'Stopped before the answer was finished.',
    shutdown: 'The server stopped before the answer was finished. Please run it again.',
  },
  interruptedRun: 'The server stopped before the answer was finished. Please run it again.',

  // Showcase, ballots and results.
  otherCohortsShowcase: 'This showcase belongs to another cohort.',
  submitToSeeShowcase: 'Submit your own website to see the showcase.',
  resultsHidden: 'The results have not been released yet.',
  resultsOnTheBigScreen: 'The winners will be revealed on the big screen: watch with the room.',
  voting: {
    competitionDisabled: 'This cohort is running in showcase mode: there is no voting.',
    votingClosed: 'Voting is closed for this cohort.',
    cohortArchived: 'This cohort is archived: its voting is over.',
    notInCohort: 'Only teams of this cohort can vote in its showcase.',
    notSubmitted: 'Submit your own website before voting.',
    alreadyVoted: 'Your team has already voted.',
  },
} as const;
