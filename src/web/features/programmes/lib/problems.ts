import type { ProgrammeProblem } from '@shared/programme-checks';
import { parsePathText } from '@shared/problem-path';
import { getIn } from './draft-path';

export type ProblemGroup = { activity: number | null; problems: ProgrammeProblem[] };

/** Problems by activity, in activity order, the programme's own last (as the checks order them). */
export function groupProblems(problems: readonly ProgrammeProblem[]): ProblemGroup[] {
  const groups = new Map<number | null, ProgrammeProblem[]>();
  for (const problem of problems) {
    const list = groups.get(problem.activity) ?? [];
    list.push(problem);
    groups.set(problem.activity, list);
  }
  const order = (activity: number | null) => activity ?? Number.POSITIVE_INFINITY;
  return [...groups.entries()]
    .sort(([a], [b]) => order(a) - order(b))
    .map(([activity, list]) => ({ activity, problems: list }));
}

/** How many problems each activity has, for the activity picker. */
export function problemCounts(problems: readonly ProgrammeProblem[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const { activity } of problems) {
    if (activity !== null) counts.set(activity, (counts.get(activity) ?? 0) + 1);
  }
  return counts;
}

/**
 * Why "Publish" is off, in words, or null when it is on: a draft with problems, one not checked or saved
 * yet, or a conflict to settle first, is never published.
 */
export function publishBlocker(state: {
  problems: readonly ProgrammeProblem[] | null;
  checking: boolean;
  status: 'saved' | 'unsaved' | 'saving' | 'failed' | 'conflict';
  nameBlank: boolean;
}): string | null {
  if (state.status === 'conflict') return 'Choose whose draft to keep first.';
  if (state.nameBlank) return 'Give the programme a name first.';
  if (state.problems === null || state.checking) return 'Checking the draft…';
  if (state.problems.length > 0) {
    const count = state.problems.length === 1 ? 'the problem' : `the ${state.problems.length} problems`;
    return `Fix ${count} listed under Checks to publish.`;
  }
  if (state.status === 'failed') return 'The draft could not be saved yet; it is tried again.';
  if (state.status !== 'saved') return 'Saving the draft…';
  return null;
}

/** The editor's names for the parts of an activity's config, as its sections and controls say them. */
const PART_NAMES: Record<string, string> = {
  title: 'Title',
  names: 'Names',
  activity: 'Name on the landing grid',
  header: 'Name in the header',
  page: 'Name on its page',
  estimatedTime: 'Estimated time',
  intro: 'Intro',
  fields: 'Form fields',
  label: 'Label',
  id: 'Id',
  type: 'Type',
  required: 'Required',
  handoff: 'Handoff',
  display: 'Show the options as cards',
  placeholder: 'Placeholder',
  help: 'Help',
  tooltip: 'Tooltip',
  options: 'Options',
  value: 'Value',
  description: 'Description',
  exclusive: 'Excludes the others',
  promptTemplate: 'Prompt template',
  instructions: 'Instructions',
  decisionBoxContent: 'Decision box',
  subtitle: 'Subtitle',
  sections: 'Sections',
  items: 'Items',
  content: 'Content',
  action: 'What the team does',
  stepByStepFlow: 'Step-by-step workflow',
  step: 'Step number',
  time: 'Time',
  homework: 'Homework',
  details: 'Sub-steps',
  steps: 'Sub-steps',
  number: 'Number',
  needs: 'Needs',
  what: 'What is missing',
  fix: 'How to fix it',
  anyOf: 'Conditions',
  expectedOutput: 'Expected output',
  fileCreated: 'What you will have',
  whyItMatters: 'Why it matters',
  nextSteps: 'Next steps',
  marketInformedProductConcepts: 'Concepts',
  downloads: 'Downloads',
  href: 'Address',
  phase: 'Activity number',
};

/** What one item of a list is called, by the list's key ("field 3", "option 2"). */
const ITEM_NAMES: Record<string, string> = {
  fields: 'Field',
  options: 'Option',
  instructions: 'Instruction',
  sections: 'Section',
  items: 'Item',
  stepByStepFlow: 'Step',
  steps: 'Sub-step',
  needs: 'Need',
  anyOf: 'Condition',
  nextSteps: 'Next step',
  marketInformedProductConcepts: 'Concept',
  downloads: 'Download',
};

const short = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/** A key the editor has no name for, in words: `someNewKey` -> "Some new key". */
function words(key: string): string {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * Where a problem is, in the words the editor shows, from its path and the activity's config as the draft holds
 * it: `fields[2].options[0].value` -> `Field 3 "Research depth" › Option 1 "Consumers" › Value`. An item is
 * named by its position and, where it has one, its label (or title, or what it says is missing): never by a
 * field's id or the config's keys. '' for the activity (or the programme) as a whole.
 */
export function problemPlace(config: unknown, path: string): string {
  const keys = parsePathText(path);
  const parts: string[] = [];
  keys.forEach((key, i) => {
    const parent = keys[i - 1];
    if (typeof key === 'number') {
      const list = typeof parent === 'string' ? parent : '';
      const item = getIn(config, keys.slice(0, i + 1)) as Record<string, unknown> | undefined;
      const named = ['label', 'title', 'what']
        .map((k) => item?.[k])
        .find((v) => typeof v === 'string' && v.trim());
      const name = `${ITEM_NAMES[list] ?? 'Item'} ${key + 1}`;
      parts[parts.length - 1] = named ? `${name} "${short(String(named).trim())}"` : name;
      return;
    }
    // A step's sub-steps: one part, not "Sub-steps › Sub-steps".
    if (key === 'details' && keys[i + 1] === 'steps') return;
    parts.push(PART_NAMES[key] ?? words(key));
  });
  return parts.join(' › ');
}
