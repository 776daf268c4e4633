import { activityReference } from './activity-reference.ts';
import { isChoiceField, type PhaseConfig } from './phase-config.ts';
import { TOTAL_PHASES } from './phases.ts';
import {
  parsePromptTemplate,
  parseTemplateCondition,
  type TemplateCondition,
  type TemplateNode,
} from './prompt-template.ts';
import { isSharedFactId, sharedFact } from './shared-facts.ts';

/*
 * The programme checks of what a prompt template reads (programme-checks.ts runs them): each placeholder and
 * condition names an answer some form gives, another activity's answers are read inside a guard, a choice
 * shows its words, not its stored value; and each need of an activity is one some answer can meet.
 */

/** Adds a problem at a path of the activity's config. */
export type Add = (path: string, message: string) => void;

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
  const reference = activityReference(path);
  if (reference?.activity === undefined) return undefined;
  const other = programme.get(reference.activity);
  if (!other) return null;
  return other.fields.find((f) => f.id === reference.id) ?? asked(reference.id);
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
export function templateProblems(
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
    const reference = activityReference(path.split('.'));
    if (reference?.activity === undefined && reference) {
      add(
        'promptTemplate',
        `{{${path}}} reads activity ${reference.written}; the activities are 1 to ${TOTAL_PHASES}.`,
      );
      unknown.add(path);
    } else if (reference) {
      const { activity: other, id } = reference;
      if (other === config.phase) {
        add('promptTemplate', `{{${path}}} names this activity: read its own answer as {{${id}}}.`);
        unknown.add(path);
      } else if (programme.has(other) && !programme.get(other)!.fields.some((f) => f.id === id)) {
        add(
          'promptTemplate',
          `Unknown placeholder {{${path}}}: activity ${other} has no field with the id "${id}".`,
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
    if (activityReference(use.path.split('.'))?.activity !== undefined && !unknown.has(use.path)) {
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
export function needProblems(
  config: PhaseConfig,
  programme: ReadonlyMap<number, PhaseConfig>,
  add: Add,
): void {
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
