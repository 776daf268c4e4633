import { isChoiceField, type PhaseConfig, PhaseConfigSchema } from './phase-config.ts';
import { PHASE_NUMBERS, TOTAL_PHASES } from './phases.ts';
import { CLASS_DAY_MINUTES, formatHours, parseDuration, sumDurations } from './programme-time.ts';
import { formatCount as count, PROGRAMME_LIMITS } from './programme-limits.ts';
import { renderingProblems } from './programme-rendering-checks.ts';
import { type Add, needProblems, templateProblems } from './programme-template-checks.ts';
import { pathText } from './problem-path.ts';
import { scanTemplate, templateBlockIssues } from './prompt-template.ts';
import type { ProgrammeProblem } from './schemas/programmes.ts';
import { isSharedFactId, SHARED_FACTS } from './shared-facts.ts';

/**
 * The programme checks: everything that makes the eight activity configs unfit to run, whoever wrote them.
 * Start-up refuses to serve a programme with a problem, the content tests expect none for the shipped
 * configs, and an editor can run them as an instructor types (they are pure, and run in the browser).
 * docs/product.md (The activities and the prompt engine) lists what is checked;
 * docs/decisions/029-test-support-and-programme-checks.md says why they live here.
 *
 * Rules about our own wording (dated advice, the three name sets, the promises our pages make) are not
 * here: they are content tests of src/server/content.
 */

/** A problem in the programme (its shape is the contract's `ProgrammeProblemSchema`, written once). */
export type { ProgrammeProblem } from './schemas/programmes.ts';

export { CHECK_TIME_LIMIT_MS, PROGRAMME_LIMITS, uncheckedProblem } from './programme-limits.ts';

/** "activity 3, fields[2].id: ..." or "the programme: ...". */
export function problemText(problem: ProgrammeProblem): string {
  const where =
    problem.activity === null
      ? 'the programme'
      : `activity ${problem.activity}${problem.path ? `, ${problem.path}` : ''}`;
  return `${where}: ${problem.message}`;
}

/**
 * Every problem of a programme: `configs[i]` is activity i + 1's config, as read from its JSON or already
 * parsed. Never throws; an empty list means the programme can run.
 */
export function checkProgramme(configs: readonly unknown[]): ProgrammeProblem[] {
  const problems: ProgrammeProblem[] = [];
  if (configs.length !== TOTAL_PHASES) {
    problems.push({
      activity: null,
      path: '',
      message: `The programme has ${configs.length} activities; it needs ${TOTAL_PHASES}, one for each of activities 1 to ${TOTAL_PHASES}.`,
    });
  }
  const programme = new Map<number, PhaseConfig>();
  for (const phase of PHASE_NUMBERS.filter((n) => n <= configs.length)) {
    const parsed = PhaseConfigSchema.safeParse(configs[phase - 1]);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push({ activity: phase, path: pathText(issue.path), message: schemaMessage(issue) });
      }
    } else if (parsed.data.phase !== phase) {
      problems.push({
        activity: phase,
        path: 'phase',
        message: `This is activity ${phase}'s config, but it says it is activity ${parsed.data.phase}.`,
      });
    } else {
      programme.set(phase, parsed.data);
    }
  }
  // A config the schema refuses is left out of the checks below; its own problems are listed above.
  for (const config of programme.values()) problems.push(...activityProblems(config, programme));
  problems.push(...sharedFieldProblems(programme), ...dayProblems(programme));
  // By activity, the programme's own last: each config's problems read together.
  const order = (p: ProgrammeProblem) => p.activity ?? TOTAL_PHASES + 1;
  problems.sort((a, b) => order(a) - order(b));
  const listed = PROGRAMME_LIMITS.problemsListed;
  if (problems.length <= listed) return problems;
  const more = problems.length - (listed - 1);
  return [
    ...problems.slice(0, listed - 1),
    {
      activity: null,
      path: '',
      message: `${count(more)} more problems are not listed: fix the ones above, and the rest show.`,
    },
  ];
}

type SchemaIssue = {
  code: string;
  message: string;
  path: readonly PropertyKey[];
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  values?: readonly unknown[];
};

/** The schema's issue in plain words; the schema's own messages (custom rules) are kept as written. */
function schemaMessage(issue: SchemaIssue): string {
  const list = (count: number | bigint | undefined, noun: string) =>
    `${count} ${noun}${Number(count) === 1 ? '' : 's'}`;
  switch (issue.code) {
    case 'invalid_type': {
      const expected = `${/^[aeiou]/.test(issue.expected ?? '') ? 'an' : 'a'} ${issue.expected}`;
      return issue.message.endsWith('received undefined')
        ? `Missing: give ${expected} here.`
        : `Should be ${expected}.`;
    }
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? 'Empty: write something here.'
          : `Too short: at least ${list(issue.minimum, 'character')}.`;
      }
      if (issue.origin === 'array') return `Needs at least ${list(issue.minimum, 'item')}.`;
      return `Must be at least ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'array') return `Has too many: at most ${list(issue.maximum, 'item')}.`;
      return `Must be at most ${issue.maximum}.`;
    case 'invalid_value':
      return `Must be one of: ${(issue.values ?? []).map((v) => String(v)).join(', ')}.`;
    default:
      return issue.message;
  }
}

// ---------------------------------------------------------------------------------------------------------
// One activity

function activityProblems(
  config: PhaseConfig,
  programme: ReadonlyMap<number, PhaseConfig>,
): ProgrammeProblem[] {
  const problems: ProgrammeProblem[] = [];
  const add = (path: string, message: string) => problems.push({ activity: config.phase, path, message });
  // Past a limit, reading the prompt could take too long: the limit is the problem to fix first.
  if (limitProblems(config, add)) {
    formProblems(config, add);
    return problems;
  }
  // What the template's tags say comes first: a block left open, a tag it cannot read, a placeholder nothing
  // fills. The rendered prompt's own problems (blank space, holes) follow only from whole blocks: an open
  // block swallows the rest of the template, and what it leaves says nothing of the template intended.
  const blocksWhole = blockProblems(config, add);
  const unknown = templateProblems(config, programme, add);
  formProblems(config, add);
  needProblems(config, programme, add);
  if (blocksWhole) renderingProblems(config, [...programme.values()], unknown, add);
  return problems;
}

/** The numbering of steps and sections, and the examples the fields give. */
function formProblems(config: PhaseConfig, add: Add): void {
  numberingProblems(config, add);
  for (const [i, field] of config.fields.entries()) {
    if (!isChoiceField(field) && field.type !== 'color' && !field.placeholder?.trim()) {
      add(
        `fields[${i}].placeholder`,
        `"${field.label}" gives no example: write the worked example's answer as its placeholder (the page shows it in grey, and these checks fill the prompt with it).`,
      );
    }
  }
}

/** Each block of the template left open or closed twice, and each tag it cannot read; true when none. */
function blockProblems(config: PhaseConfig, add: Add): boolean {
  const issues = templateBlockIssues(config.promptTemplate);
  for (const issue of issues) {
    const tag = issue.raw.length > 80 ? `${issue.raw.slice(0, 77)}...` : issue.raw;
    switch (issue.kind) {
      case 'unclosed':
        add(
          'promptTemplate',
          `Unclosed block: ${tag} has no {{/if}} to end it, so everything after it depends on it. Add {{/if}} where its text ends.`,
        );
        break;
      case 'stray-close':
        add('promptTemplate', `${tag} ends no block: remove it, or add the {{#if ...}} it should end.`);
        break;
      case 'stray-else':
        add(
          'promptTemplate',
          `${tag} stands outside any {{#if}} block (or after its block's {{else}}), so teams would see it as text: move it inside a block, or remove it.`,
        );
        break;
      case 'unreadable':
        add(
          'promptTemplate',
          `${tag} is not a tag the template can read, so teams would see it as text: write a placeholder as {{field_id}}, a condition as {{#if field_id}} or {{#if field_id == "value"}}.`,
        );
        break;
    }
  }
  return issues.length === 0;
}

/** Adds a problem for each limit (PROGRAMME_LIMITS) the activity goes past; true when it goes past any. */
function limitProblems(config: PhaseConfig, add: Add): boolean {
  let beyond = false;
  const over: Add = (path, message) => {
    beyond = true;
    add(path, message);
  };
  let tags = 0;
  for (const token of scanTemplate(config.promptTemplate)) if (token.type !== 'text') tags += 1;
  if (tags > PROGRAMME_LIMITS.templateTags) {
    over(
      'promptTemplate',
      `The prompt template has ${count(tags)} tags ({{...}}); a template may have at most ${count(PROGRAMME_LIMITS.templateTags)}. Remove the ones it does not need; the prompt is checked further once it is within the limit.`,
    );
  }
  for (const [i, field] of config.fields.entries()) {
    const options = field.options?.length ?? 0;
    if (options > PROGRAMME_LIMITS.fieldOptions) {
      over(
        `fields[${i}].options`,
        `"${field.label}" has ${count(options)} options; a field may have at most ${count(PROGRAMME_LIMITS.fieldOptions)}. Remove some; the prompt is checked further once it is within the limit.`,
      );
    }
  }
  const needs = config.needs?.length ?? 0;
  if (needs > PROGRAMME_LIMITS.needs) {
    over(
      'needs',
      `The activity has ${count(needs)} needs; an activity may have at most ${count(PROGRAMME_LIMITS.needs)}. Remove some; the prompt is checked further once it is within the limit.`,
    );
  }
  return beyond;
}

/** What a page numbers counts 1, 2, 3: the steps, each step's sub-steps, the decision box's sections. */
function numberingProblems(config: PhaseConfig, add: Add): void {
  const counts = (numbers: readonly number[], path: (i: number) => string, what: string) => {
    numbers.forEach((number, i) => {
      if (number !== i + 1) {
        add(
          path(i),
          `${what} ${i + 1} is numbered ${number}: they count 1, 2, 3 in the order they are listed.`,
        );
      }
    });
  };
  const steps = config.stepByStepFlow ?? [];
  counts(
    steps.map((s) => s.step),
    (i) => `stepByStepFlow[${i}].step`,
    'Step',
  );
  steps.forEach((step, s) => {
    counts(
      (step.details?.steps ?? []).map((sub) => sub.number),
      (i) => `stepByStepFlow[${s}].details.steps[${i}].number`,
      `Step ${step.step}'s sub-step`,
    );
  });
  counts(
    (config.decisionBoxContent?.sections ?? []).map((section) => section.number),
    (i) => `decisionBoxContent.sections[${i}].number`,
    'Decision box section',
  );
}

/** A field in several activities is a shared fact, and a shared fact is asked where it is first given. */
function sharedFieldProblems(programme: ReadonlyMap<number, PhaseConfig>): ProgrammeProblem[] {
  const problems: ProgrammeProblem[] = [];
  const firstAskedIn = new Map<string, number>();
  for (const config of programme.values()) {
    for (const [i, field] of config.fields.entries()) {
      const first = firstAskedIn.get(field.id);
      if (first === undefined) firstAskedIn.set(field.id, config.phase);
      else if (!isSharedFactId(field.id)) {
        problems.push({
          activity: config.phase,
          path: `fields[${i}].id`,
          message: `"${field.label}" has the same id as a field of activity ${first}; only a shared fact is asked in several activities. Give this field another id.`,
        });
      }
    }
  }
  for (const fact of SHARED_FACTS) {
    const home = programme.get(fact.home);
    if (home && !home.fields.some((f) => f.id === fact.id)) {
      problems.push({
        activity: fact.home,
        path: 'fields',
        message: `"${fact.label}" is a shared fact first given in activity ${fact.home}, but its form does not ask it.`,
      });
    }
  }
  return problems;
}

/** The eight activities' class times, at their long end, fit a bootcamp day. */
function dayProblems(programme: ReadonlyMap<number, PhaseConfig>): ProgrammeProblem[] {
  const durations = [...programme.values()].flatMap((c) => parseDuration(c.estimatedTime) ?? []);
  const total = sumDurations(durations);
  if (total.max <= CLASS_DAY_MINUTES) return [];
  return [
    {
      activity: null,
      path: '',
      message: `The activities take up to ${formatHours(total.max)} of class time; a day holds ${formatHours(CLASS_DAY_MINUTES)}. Shorten some steps, or make some homework.`,
    },
  ];
}
