import { missingMarker, unmetNeeds } from './activity-needs.ts';
import { isChoiceField, type PhaseConfig, PhaseConfigSchema } from './phase-config.ts';
import { PHASE_NUMBERS, TOTAL_PHASES } from './phases.ts';
import { CLASS_DAY_MINUTES, formatHours, parseDuration, sumDurations } from './programme-time.ts';
import { PROGRAMME_LIMITS } from './programme-limits.ts';
import { lintRenderedPrompt } from './prompt-lint.ts';
import {
  listTemplatePlaceholders,
  parsePromptTemplate,
  parseTemplateCondition,
  renderParsedTemplateWithin,
  scanTemplate,
  type TemplateCondition,
  templateBlockIssues,
  type TemplateNode,
} from './prompt-template.ts';
import type { ProgrammeProblem } from './schemas/programmes.ts';
import { isSharedFactId, SHARED_FACTS, sharedFact } from './shared-facts.ts';
import { buildTemplateContext, type TeamAnswers } from './template-context.ts';
import { sharedFactsIn, workedExampleAnswers, workedExampleTeam } from './worked-example.ts';

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

/** Problems the lint lists for one rendered prompt: enough to fix, not one per line of a broken one. */
const PROBLEMS_PER_PROMPT = 100;

const count = (n: number) => n.toLocaleString('en-GB');

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

function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`))
    .join('');
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

type Add = (path: string, message: string) => void;

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

type IfNode = Extract<TemplateNode, { kind: 'if' }>;

/** Every placeholder of a template with the conditions known true and known false where it stands. */
export function placeholdersWithConditions(template: string) {
  return walkTemplate(template).placeholders;
}

/**
 * Walks the template's tree with a stack of its own, not by recursion, so a template nested thousands of
 * `{{#if}}` deep cannot overflow the call stack; the order is the recursion's (a branch's consequent, then
 * its alternate, then what follows the block).
 */
function walkTemplate(template: string) {
  type Frame = {
    nodes: TemplateNode[];
    index: number;
    whenTrue: TemplateCondition[];
    whenFalse: TemplateCondition[];
  };
  const placeholders: { path: string; whenTrue: TemplateCondition[]; whenFalse: TemplateCondition[] }[] = [];
  const conditions: TemplateCondition[] = [];
  const stack: Frame[] = [{ nodes: parsePromptTemplate(template), index: 0, whenTrue: [], whenFalse: [] }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const node = frame.nodes[frame.index];
    if (!node) {
      stack.pop();
      continue;
    }
    frame.index += 1;
    const { whenTrue, whenFalse } = frame;
    if (node.kind === 'placeholder') placeholders.push({ path: node.path.join('.'), whenTrue, whenFalse });
    if (node.kind === 'if') {
      const branch = node as IfNode;
      conditions.push(branch.condition);
      stack.push(
        { nodes: branch.alternate, index: 0, whenTrue, whenFalse: [...whenFalse, branch.condition] },
        { nodes: branch.consequent, index: 0, whenTrue: [...whenTrue, branch.condition], whenFalse },
      );
    }
  }
  return { placeholders, conditions };
}

const conditionPaths = new WeakMap<TemplateCondition, string>();

/** A condition's path as written (`phase1.findings`), joined once however many placeholders it guards. */
function pathOf(condition: TemplateCondition): string {
  let path = conditionPaths.get(condition);
  if (path === undefined) {
    path = condition.path.join('.');
    conditionPaths.set(condition, path);
  }
  return path;
}

/** A field an answer can fill, as a path of a template or a need reads it. */
type Answerable = {
  id: string;
  label: string;
  type?: string;
  options?: readonly { value: string }[] | undefined;
};

const REFERENCE = /^phase(\d+)$/;

/**
 * The field a path reads, when some answer can give it: this form's own field, a shared fact (the team
 * gives it wherever a form asks it), or `phaseN.<id>`; undefined when none does, null when it reads an
 * activity whose config has problems of its own (then nothing can be said about it here).
 */
function answerableAt(
  path: readonly string[],
  config: PhaseConfig,
  programme: ReadonlyMap<number, PhaseConfig>,
): Answerable | undefined | null {
  const asked = (id: string) => {
    const fact = sharedFact(id);
    if (!fact || ![...programme.values()].some((c) => c.fields.some((f) => f.id === id))) return undefined;
    return { id, label: fact.label, ...fact.field };
  };
  if (path.length === 1) return config.fields.find((f) => f.id === path[0]) ?? asked(path[0]!);
  const phase = Number(REFERENCE.exec(path[0] ?? '')?.[1]);
  if (path.length !== 2 || !PHASE_NUMBERS.includes(phase)) return undefined;
  const other = programme.get(phase);
  if (!other) return null;
  return other.fields.find((f) => f.id === path[1]) ?? asked(path[1]!);
}

/** Why a condition compares a choice with something it never holds, or null when it can. */
function comparisonProblem(condition: TemplateCondition, field: Answerable): string | null {
  if (condition.kind !== 'compare' || !isChoiceField(field) || condition.value === '') return null;
  const values = (field.options ?? []).map((o) => o.value);
  const parts =
    field.type === 'checkboxes' && condition.operator !== 'has'
      ? condition.value.split(',').map((part) => part.trim())
      : [condition.value];
  const unknown = parts.filter((part) => !values.includes(part));
  if (unknown.length === 0) return null;
  return `"${field.label}" has no option "${unknown.join('", "')}" (its options: ${values.join(', ')})`;
}

function conditionText(condition: TemplateCondition): string {
  const path = condition.path.join('.');
  return condition.kind === 'truthy' ? path : `${path} ${condition.operator} "${condition.value}"`;
}

/** What the template reads, and where it shows it; returns the paths it reads that nothing can give. */
function templateProblems(
  config: PhaseConfig,
  programme: ReadonlyMap<number, PhaseConfig>,
  add: Add,
): ReadonlySet<string> {
  const own = new Map(config.fields.map((f) => [f.id, f]));
  const { placeholders, conditions } = walkTemplate(config.promptTemplate);
  const paths = [
    ...new Set([...placeholders.map((p) => p.path), ...conditions.map((c) => c.path.join('.'))]),
  ];
  const unknown = new Set<string>();
  for (const path of paths) {
    const reference = /^phase(\d+)\.([a-z0-9_]+)$/.exec(path);
    if (reference) {
      const other = Number(reference[1]);
      if (other === config.phase) {
        add('promptTemplate', `{{${path}}} names this activity: read its own answer as {{${reference[2]}}}.`);
        unknown.add(path);
      } else if (!PHASE_NUMBERS.includes(other)) {
        add(
          'promptTemplate',
          `{{${path}}} reads activity ${other}; the activities are 1 to ${TOTAL_PHASES}.`,
        );
        unknown.add(path);
      } else if (programme.has(other) && !programme.get(other)!.fields.some((f) => f.id === reference[2])) {
        add(
          'promptTemplate',
          `Unknown placeholder {{${path}}}: activity ${other} has no field with the id "${reference[2]}".`,
        );
        unknown.add(path);
      }
    } else if (!own.has(path) && !isSharedFactId(path)) {
      add(
        'promptTemplate',
        `Unknown placeholder {{${path}}}: no field of this activity, shared fact or other activity's answer has that id. Use a field's id as the field shows it, or another activity's answer as {{phase2.its_id}}.`,
      );
      unknown.add(path);
    }
  }

  for (const condition of conditions) {
    const path = condition.path.join('.');
    const field = unknown.has(path) ? undefined : answerableAt(condition.path, config, programme);
    const problem = field ? comparisonProblem(condition, field) : null;
    if (problem) add('promptTemplate', `{{#if ${conditionText(condition)}}} never holds: ${problem}.`);
  }

  const reported = new Set<string>();
  const once = (message: string) => {
    if (!reported.has(message)) add('promptTemplate', message);
    reported.add(message);
  };
  for (const use of placeholders) {
    if (!own.has(use.path) && isSharedFactId(use.path)) {
      once(
        `{{${use.path}}} shows a shared fact this form does not ask, so a team could not fill it here: read it only in conditions, or add the field.`,
      );
    }
    if (use.path.startsWith('phase') && !unknown.has(use.path)) {
      const guarded = use.whenTrue.some((c) => c.kind === 'truthy' && pathOf(c) === use.path);
      if (!guarded) {
        once(
          `{{${use.path}}} stands outside {{#if ${use.path}}}: give it a fallback for a team that has not done that activity.`,
        );
      }
    }
    const choice = own.get(use.path);
    if (choice && isChoiceField(choice)) {
      // The values known false where it stands, read once for all of its options.
      const onChoice = use.whenFalse.filter((c) => pathOf(c) === choice.id);
      const blankKnown = onChoice.some((c) => c.kind === 'truthy');
      const notValues = new Set(
        onChoice.flatMap((c) => (c.kind === 'compare' && c.operator === '==' ? [c.value] : [])),
      );
      const ruledOut = (value: string) => blankKnown || notValues.has(value);
      if (!(choice.options ?? []).every((o) => ruledOut(o.value))) {
        once(
          `{{${choice.id}}} would show a choice's stored value ("${choice.options?.[0]?.value}"): write each option's words in an {{#if ${choice.id} == "..."}} chain, and keep {{${choice.id}}} only as its last {{else}}, the marker of a choice not made.`,
        );
      }
    }
  }
  return unknown;
}

/** A need that no answer can meet would tell every team, forever, that something is missing. */
function needProblems(config: PhaseConfig, programme: ReadonlyMap<number, PhaseConfig>, add: Add): void {
  for (const [n, need] of (config.needs ?? []).entries()) {
    let dead = 0;
    for (const [c, text] of need.anyOf.entries()) {
      const condition = parseTemplateCondition(text);
      if (!condition) continue; // The schema reports it.
      const field = answerableAt(condition.path, config, programme);
      if (field === null) continue;
      const problem = field
        ? comparisonProblem(condition, field)
        : `"${condition.path.join('.')}" is not an answer any activity asks`;
      const blank = condition.kind === 'compare' && condition.operator === 'has' && !condition.value.trim();
      if (problem || blank) {
        dead += 1;
        const why = problem ?? 'no answer holds a blank item';
        add(`needs[${n}].anyOf[${c}]`, `The condition ${text} can never hold: ${why}.`);
      }
    }
    if (dead === need.anyOf.length) {
      add(
        `needs[${n}]`,
        `"${need.what}" can never be met: no answer makes any of its conditions hold, so every team would be told it is missing.`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The prompt, rendered as teams will fill it in

/** A stage of filling in that a prompt must read cleanly at. */
export type FillingStage = { name: string; team: TeamAnswers; facts: Record<string, unknown> };

/**
 * The stages of filling in an activity's prompt is read at, with the worked example's answers: a new team,
 * only the required answers, every answer, every other activity done, the worked example everywhere.
 */
export function fillingStages(config: PhaseConfig, programme: readonly PhaseConfig[]): FillingStage[] {
  const phase = config.phase;
  const required = workedExampleAnswers(config, (f) => f.required);
  const all = workedExampleAnswers(config);
  const everyone = workedExampleTeam(programme);
  const others: Record<number, unknown> = { ...everyone.team };
  delete others[phase];
  return [
    { name: 'a new team with no answers anywhere', team: {}, facts: {} },
    {
      name: 'only the required answers, no other activity',
      team: { [phase]: required },
      facts: sharedFactsIn(required),
    },
    { name: 'every answer, no other activity', team: { [phase]: all }, facts: sharedFactsIn(all) },
    {
      name: 'no answers here, every other activity done',
      team: others as TeamAnswers,
      facts: everyone.facts,
    },
    { name: 'the worked example everywhere', team: everyone.team, facts: everyone.facts },
  ];
}

/** A choice a prompt reads: a choice of its own form, or a shared fact with options given on another. */
export type ChoiceRead = {
  id: string;
  label: string;
  options: readonly { value: string; label: string }[];
  onForm: boolean;
};

/** Every choice an activity's prompt reads, each of whose options must give a prompt that reads cleanly. */
export function choicesRead(config: PhaseConfig): ChoiceRead[] {
  const read = new Set(listTemplatePlaceholders(config.promptTemplate));
  const own = config.fields
    .filter(isChoiceField)
    .map((f) => ({ id: f.id, label: f.label, options: f.options ?? [], onForm: true }));
  const profile = SHARED_FACTS.flatMap((fact) => {
    const options = (fact.field as { options?: ChoiceRead['options'] }).options;
    return options && read.has(fact.id) && !config.fields.some((f) => f.id === fact.id)
      ? [{ id: fact.id, label: fact.label, options, onForm: false }]
      : [];
  });
  return [...own, ...profile];
}

/**
 * Renders an activity's prompt for a team and reads it (src/shared/prompt-lint.ts); `{{id}}` markers are
 * allowed for this activity's blank fields. `own` is laid over the activity's data.
 */
export function renderAndLint(
  config: PhaseConfig,
  team: TeamAnswers,
  facts: Record<string, unknown>,
  own?: object,
): RenderedPrompt {
  // Without a limit on its length, a prompt is always read.
  return promptReader(config)({ ...buildTemplateContext(config.phase, team, facts), ...own })!;
}

type RenderedPrompt = { text: string; problems: string[]; context: Record<string, unknown> };

/** Prompts read and kept by one reader: a cache, so only its speed depends on it. */
const READINGS_KEPT = 64;

/**
 * `renderAndLint` for one activity read many times, given the template's data: the template is parsed once,
 * and a text already read with the same markers is not read again (options that do not concern this prompt
 * render it unchanged), nor a line already read. Null when the prompt would pass `maxLength` characters.
 */
function promptReader(
  config: PhaseConfig,
  maxLength = Number.POSITIVE_INFINITY,
  maxProblems = Number.POSITIVE_INFINITY,
) {
  const nodes = parsePromptTemplate(config.promptTemplate);
  const readings = new Map<string, string[]>();
  const lineFindings = new Map<string, readonly string[]>();
  return (context: Record<string, unknown>): RenderedPrompt | null => {
    const text = renderParsedTemplateWithin(nodes, context, maxLength);
    if (text === null) return null;
    const blank = (id: string) => {
      const value = context[id];
      return typeof value !== 'string' || value.trim() === '';
    };
    const markers = config.fields.filter((f) => blank(f.id)).map((f) => f.id);
    const key = `${markers.join(' ')}\n${text}`;
    let problems = readings.get(key);
    if (!problems) {
      problems = lintRenderedPrompt(text, { markers: new Set(markers), lineFindings, maxProblems });
      if (readings.size >= READINGS_KEPT) readings.delete(readings.keys().next().value!);
      readings.set(key, problems);
    }
    return { text, problems: [...problems], context };
  };
}

/** The answers a template reads by their own id (`{{tone}}`, `{{#if TONE}}`): what an option can change. */
function idsRead(template: string): Set<string> {
  const ids = new Set<string>();
  for (const token of scanTemplate(template)) {
    const path =
      token.type === 'placeholder'
        ? token.path
        : token.type === 'if-open' || token.type === 'else-if'
          ? token.condition.path
          : undefined;
    const first = path?.[0];
    if (first !== undefined) ids.add(first).add(first.toLowerCase());
  }
  return ids;
}

function renderingProblems(
  config: PhaseConfig,
  programme: readonly PhaseConfig[],
  unknown: ReadonlySet<string>,
  add: Add,
): void {
  const reader = promptReader(config, PROGRAMME_LIMITS.promptCharacters, PROBLEMS_PER_PROMPT);
  const reported = new Set<string>();
  // Null when the prompt is too long: one problem, and the caller renders this prompt no more (the later
  // stages and options would be as long).
  const read = (stage: string, context: Record<string, unknown>) => {
    const rendered = reader(context);
    if (!rendered) {
      add(
        'promptTemplate',
        `The prompt for ${stage} would be over ${count(PROGRAMME_LIMITS.promptCharacters)} characters long, more than an AI tool reads at once: shorten the template, or what it repeats.`,
      );
      return null;
    }
    for (const finding of rendered.problems) {
      // The same line broken at several stages is one problem, named at the first stage it shows; an
      // unknown variable left in the prompt is already named as such.
      const line = finding.replace(/line \d+ /, '');
      const tag = /^raw template tag \{\{\s*([^{}]*?)\s*\}\}$/.exec(finding)?.[1];
      if (reported.has(line) || (tag !== undefined && unknown.has(tag))) continue;
      reported.add(line);
      add('promptTemplate', `The prompt for ${stage}: ${finding}.`);
    }
    return rendered;
  };

  for (const [s, stage] of fillingStages(config, programme).entries()) {
    const rendered = read(stage.name, buildTemplateContext(config.phase, stage.team, stage.facts));
    if (!rendered) return;
    const { text, context } = rendered;
    const unmet = new Set(unmetNeeds(config.needs, context));
    for (const [n, need] of (config.needs ?? []).entries()) {
      const shown = text.includes(missingMarker(need));
      if (shown !== unmet.has(need)) {
        add(
          `needs[${n}]`,
          shown
            ? `The prompt for ${stage.name} shows ${missingMarker(need)} although the need is met.`
            : `The prompt for ${stage.name} does not show ${missingMarker(need)} although nothing meets the need: write it where the missing start would be, under the opposite of the need's conditions.`,
        );
      }
    }
    if ((text.match(/\[MISSING: /g)?.length ?? 0) > unmet.size * 3) {
      add(
        'promptTemplate',
        `The prompt for ${stage.name} shows more [MISSING: ...] markers than its unmet needs.`,
      );
    }
    if (s === 0) {
      for (const [i, field] of config.fields.entries()) {
        if (isChoiceField(field) && field.required && !text.includes(`{{${field.id}}}`)) {
          add(
            `fields[${i}]`,
            `When the form is blank the prompt does not show {{${field.id}}}, so a team cannot see the choice is still to make: end its {{#if}} chain with {{else}}{{${field.id}}}.`,
          );
        }
      }
    }
  }

  const everyone = workedExampleTeam(programme);
  const example = buildTemplateContext(config.phase, everyone.team, everyone.facts);
  const ids = idsRead(config.promptTemplate);
  // A choice the template never reads gives the worked example's prompt, already read above.
  for (const choice of choicesRead(config).filter((c) => ids.has(c.id))) {
    // The worked example's own choice gives the prompt the worked example stage has just read.
    for (const option of choice.options.filter((o) => example[choice.id] !== o.value)) {
      const stage = `the worked example with "${choice.label}" set to "${option.label}"`;
      if (!read(stage, { ...example, [choice.id]: option.value })) return;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The programme as a whole

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
