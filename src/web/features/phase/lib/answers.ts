import type { FormField } from '@shared/phase-config';

/** A phase's answers as the form holds them: field id -> text. */
export type Answers = Record<string, string>;

/** Fields that recur across activities under the same id; prefilled from earlier answers when empty. */
export const RECURRING_FIELD_IDS = [
  'company_name',
  'concept_name',
  'brand_adjectives',
  'target_audience',
  'target_region',
  'current_offer',
  'proof_points',
] as const;

export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export const REQUIRED_BANNER = 'Please complete all required fields to continue.';

/** Stored answers (any JSON object) as form values: strings kept, numbers and booleans as text. */
export function toAnswers(fields: readonly FormField[], data: Record<string, unknown> | null | undefined) {
  const answers: Answers = {};
  for (const field of fields) {
    const value = data?.[field.id];
    answers[field.id] =
      typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : '';
  }
  return answers;
}

function isBlank(value: string | undefined): boolean {
  return value === undefined || value.trim() === '';
}

/** The error a field shows, or undefined when its answer is acceptable. */
export function validateField(field: FormField, value: string | undefined): string | undefined {
  if (field.required && isBlank(value)) return `${field.label} is required.`;
  if (field.type === 'color' && !isBlank(value) && !COLOR_PATTERN.test(value!.trim())) {
    return 'Enter a colour as # followed by 6 hex digits, for example #1e90ff.';
  }
  if (field.type === 'select' && !isBlank(value) && !field.options?.some((o) => o.value === value)) {
    return 'Choose one of the options.';
  }
  return undefined;
}

export function validateAnswers(fields: readonly FormField[], answers: Answers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const error = validateField(field, answers[field.id]);
    if (error) errors[field.id] = error;
  }
  return errors;
}

/** True when a required field is blank or any answer is invalid: the banner's condition. */
export function isIncomplete(fields: readonly FormField[], answers: Answers): boolean {
  return Object.keys(validateAnswers(fields, answers)).length > 0;
}

export function hasAnyAnswer(answers: Record<string, unknown> | null | undefined): boolean {
  return Boolean(answers && Object.values(answers).some((v) => typeof v === 'string' && v.trim() !== ''));
}

export type PhaseAnswers = { phaseNumber: number; data: Record<string, unknown>; updatedAt?: string };

/**
 * Fills this phase's empty recurring fields from the team's earlier answers: for each field, the most
 * recently saved other phase that holds a non-empty value (by `updatedAt`; without times, as in practice
 * mode, the highest phase number). Returns the answers with the prefilled values and the ids filled.
 */
export function prefillRecurring(
  phase: number,
  fields: readonly FormField[],
  answers: Answers,
  others: readonly PhaseAnswers[],
): { answers: Answers; filled: string[] } {
  const next = { ...answers };
  const filled: string[] = [];
  const time = (o: PhaseAnswers) => (o.updatedAt ? Date.parse(o.updatedAt) || 0 : 0);
  const ordered = others
    .filter((o) => o.phaseNumber !== phase)
    .sort((a, b) => time(b) - time(a) || b.phaseNumber - a.phaseNumber);
  const recurring = new Set<string>(RECURRING_FIELD_IDS);
  for (const field of fields) {
    if (!recurring.has(field.id) || !isBlank(next[field.id])) continue;
    for (const other of ordered) {
      const value = other.data[field.id];
      if (typeof value === 'string' && value.trim() !== '') {
        next[field.id] = value;
        filled.push(field.id);
        break;
      }
    }
  }
  return { answers: next, filled };
}

/** Voice persona labels 'Name (description)' split into a title and a description. */
export function splitOptionLabel(label: string): { title: string; description?: string } {
  const match = /^(.+?)\s*\((.+)\)\s*$/.exec(label);
  if (!match) return { title: label };
  return { title: match[1]!.trim(), description: match[2]!.trim() };
}
