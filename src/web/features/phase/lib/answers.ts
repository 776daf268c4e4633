import { fieldValues } from '@shared/activity-prompt';
import { type FormField, wholeNumberProblem } from '@shared/phase-config';
import type { Resolver } from 'react-hook-form';

/** A phase's answers as the form holds them: field id -> text. */
export type Answers = Record<string, string>;

export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** The colour a colour answer holds, as a picker takes it (`#1e90ff`); null while none is chosen or it is not one. */
export function pickedColour(value: string | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return COLOR_PATTERN.test(trimmed) ? trimmed.toLowerCase() : null;
}

export const REQUIRED_BANNER = 'Please complete all required fields to continue.';

/** Stored answers (any JSON object) as form values: the rule the server renders a run's prompt with. */
export const toAnswers = fieldValues;

function isBlank(value: string | undefined): boolean {
  return value === undefined || value.trim() === '';
}

/** The option values ticked in a checkboxes answer, stored as `children, food`. */
export function checkedValues(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * An answer as a person reads it: a choice by its option's label ("Money", not "finance"; "United Kingdom",
 * not "uk"), ticked boxes as their labels joined with ", ", anything else as written. The one rule for the
 * team report, the facts note on the form and the instructor's view of a team's work.
 */
export function answerText(
  field: { type?: string; options?: readonly { value: string; label: string }[] } | undefined,
  value: string,
): string {
  const label = (v: string) => field?.options?.find((o) => o.value === v)?.label ?? v;
  if (field?.type === 'checkboxes') return checkedValues(value).map(label).join(', ');
  return field?.type === 'select' || field?.options ? label(value) : value;
}

/**
 * A checkboxes answer after ticking or unticking one option, in the options' order; an exclusive option
 * ("None of these") clears the others when ticked, and is cleared when another is ticked.
 */
export function toggleChoice(field: FormField, value: string, option: string, checked: boolean): string {
  const options = field.options ?? [];
  const exclusive = new Set(options.filter((o) => o.exclusive).map((o) => o.value));
  let chosen = new Set(checkedValues(value));
  if (!checked) chosen.delete(option);
  else if (exclusive.has(option)) chosen = new Set([option]);
  else {
    for (const value of exclusive) chosen.delete(value);
    chosen.add(option);
  }
  return options
    .map((o) => o.value)
    .filter((v) => chosen.has(v))
    .join(', ');
}

/** The error a field shows, or undefined when its answer is acceptable. */
export function validateField(field: FormField, value: string | undefined): string | undefined {
  if (field.required && isBlank(value)) return `${field.label} is required.`;
  if (field.type === 'color' && !isBlank(value) && !COLOR_PATTERN.test(value!.trim())) {
    return 'Enter a colour as # followed by 6 hex digits, for example #1e90ff.';
  }
  if (field.type === 'number') return wholeNumberProblem(field, value);
  if (field.type === 'select' && !isBlank(value) && !field.options?.some((o) => o.value === value)) {
    return 'Choose one of the options.';
  }
  if (field.type === 'checkboxes') {
    const chosen = checkedValues(value);
    const options = field.options ?? [];
    if (chosen.some((v) => !options.some((o) => o.value === v))) return 'Choose from the options.';
    const exclusive = options.find((o) => o.exclusive && chosen.includes(o.value));
    if (exclusive && chosen.length > 1) return `"${exclusive.label}" cannot go with another choice.`;
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

/**
 * The form's validation: the rules of the fields `fieldsNow()` gives when it runs, not when the form was
 * made, so an open page that switches to a new programme version (the live `programme` event) checks the
 * new version's required fields and options at once, without a reset. Answers to fields the version no
 * longer has are never an error, and stay in the form's values.
 */
export function answersResolver(fieldsNow: () => readonly FormField[]): Resolver<Answers> {
  return async (values) => {
    const errors = validateAnswers(fieldsNow(), values);
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(
        Object.entries(errors).map(([id, message]) => [id, { type: 'validate', message }]),
      ),
    };
  };
}

/** True when a required field is blank or any answer is invalid: the banner's condition. */
export function isIncomplete(fields: readonly FormField[], answers: Answers): boolean {
  return Object.keys(validateAnswers(fields, answers)).length > 0;
}

/** Voice persona labels 'Name (description)' split into a title and a description. */
export function splitOptionLabel(label: string): { title: string; description?: string } {
  const match = /^(.+?)\s*\((.+)\)\s*$/.exec(label);
  if (!match) return { title: label };
  return { title: match[1]!.trim(), description: match[2]!.trim() };
}
