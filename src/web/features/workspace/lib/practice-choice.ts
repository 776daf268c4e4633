import type { PracticeChoice } from '../workspace-ui';

/** How the workspace dialog was answered: a workspace chosen, "Try without saving", or closed. */
export type DialogAnswer = 'workspace' | 'tried' | 'closed';

/**
 * The practice choice after the dialog's answer. "Try without saving" is the choice; closing the dialog
 * without one is practice mode for this page load, unless "Try without saving" (which lasts for the tab)
 * was chosen before; choosing a workspace changes nothing here (opening it forgets the choice,
 * remember-team.ts). Loaded with the dialog, not on the first route.
 */
export function practiceChoiceAfter(current: PracticeChoice, answer: DialogAnswer): PracticeChoice {
  if (answer === 'workspace' || current === 'tried') return current;
  return answer;
}
