import { fieldText } from '@shared/field-text';
import { type FormField, numbersTotal } from '@shared/phase-config';
import { History, Info } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import type * as React from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Label, Textarea } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import type { RemoteNote } from '../hooks/use-follow-remote';
import {
  type Answers,
  answerText,
  checkedValues,
  pickedColour,
  splitOptionLabel,
  toggleChoice,
} from '../lib/answers';
import { RemoteChangeNote } from './remote-change-note';

const inputId = (field: FormField) => `field-${field.id}`;

type ControlProps = {
  field: FormField;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  invalid: boolean;
  describedBy: string | undefined;
};

function TextControl({ field, value, onChange, onBlur, invalid, describedBy }: ControlProps) {
  const shared = {
    id: inputId(field),
    name: field.id,
    value,
    placeholder: field.placeholder,
    onBlur,
    'aria-invalid': invalid || undefined,
    'aria-required': field.required || undefined,
    'aria-describedby': describedBy,
  };
  if (field.type === 'textarea') {
    return <Textarea rows={4} onChange={(e) => onChange(e.target.value)} {...shared} />;
  }
  return <Input onChange={(e) => onChange(e.target.value)} {...shared} />;
}

/** A whole number: typed as text (what is typed stays to be corrected), with the number keypad on a phone. */
function NumberControl({ field, value, onChange, onBlur, invalid, describedBy }: ControlProps) {
  return (
    <Input
      id={inputId(field)}
      name={field.id}
      value={value}
      placeholder={field.placeholder}
      inputMode="numeric"
      autoComplete="off"
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      aria-invalid={invalid || undefined}
      aria-required={field.required || undefined}
      aria-describedby={describedBy}
      className="max-w-32 tabular-nums"
    />
  );
}

/**
 * What the form's numbers with a total add up to (the competitor matrix's weights), after the last of
 * them: "These add up to 100." or "These add up to 95, not 100." as they are typed.
 */
function NumbersTotalLine({ fields, form }: { fields: FormField[]; form: UseFormReturn<Answers> }) {
  const values = useWatch({ control: form.control });
  const totals = numbersTotal(fields, values);
  if (!totals) return null;
  const even = totals.sum === totals.total;
  return (
    <p
      role="status"
      data-testid="numbers-total"
      className={cn(
        'rounded-md px-3 py-1.5 text-sm font-medium tabular-nums',
        even ? 'bg-success-soft text-success' : 'bg-warning-soft text-foreground',
      )}
    >
      {even ? `These add up to ${totals.total}.` : `These add up to ${totals.sum}, not ${totals.total}.`}
    </p>
  );
}

function SelectControl({ field, value, onChange, onBlur, invalid, describedBy }: ControlProps) {
  return (
    <Select
      name={field.id}
      value={value}
      onValueChange={onChange}
      // Focus moves into the list while it is open; the field counts as left once the list closes.
      onOpenChange={(open) => {
        if (!open) onBlur();
      }}
    >
      <SelectTrigger
        id={inputId(field)}
        aria-invalid={invalid || undefined}
        aria-required={field.required || undefined}
        aria-describedby={describedBy}
      >
        <SelectValue placeholder={field.placeholder ?? 'Choose an option'} />
      </SelectTrigger>
      <SelectContent>
        {field.options?.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function ColorControl({ field, value, onChange, onBlur, invalid, describedBy }: ControlProps) {
  const colour = pickedColour(value);
  return (
    <div className="flex items-center gap-3">
      <span className="relative inline-flex shrink-0">
        <input
          type="color"
          aria-label={`${field.label}: colour picker${colour ? '' : ', no colour chosen yet'}`}
          // A picker holds some colour always; while none is chosen it is covered by a "none" swatch, so
          // an empty answer never looks like black.
          value={colour ?? '#ffffff'}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          className="h-10 w-14 cursor-pointer rounded-md border border-input bg-surface p-1"
        />
        {!colour && (
          <span
            aria-hidden
            data-testid="no-colour"
            className="pointer-events-none absolute inset-1 rounded-sm border border-dashed border-input bg-surface bg-[linear-gradient(to_top_right,transparent_calc(50%-1px),var(--color-muted-foreground)_calc(50%-1px),var(--color-muted-foreground)_calc(50%+1px),transparent_calc(50%+1px))]"
          />
        )}
      </span>
      <Input
        id={inputId(field)}
        name={field.id}
        value={value}
        placeholder="#000000"
        maxLength={7}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={invalid || undefined}
        aria-required={field.required || undefined}
        aria-describedby={describedBy}
        className="max-w-40 font-mono"
      />
    </div>
  );
}

/** Several options may be ticked (the sensitive areas): a group of checkboxes, stored as "a, b". */
function CheckboxesControl({ field, value, onChange, onBlur, invalid, describedBy }: ControlProps) {
  // The error is read through aria-describedby; a group has no invalid state of its own.
  const chosen = checkedValues(value);
  return (
    <fieldset
      aria-labelledby={`${inputId(field)}-label`}
      aria-describedby={describedBy}
      onBlur={(e: React.FocusEvent<HTMLFieldSetElement>) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onBlur();
      }}
      className="m-0 grid min-w-0 gap-2 border-0 p-0 sm:grid-cols-2"
    >
      {field.options?.map((option, index) => {
        const id = index === 0 ? inputId(field) : `${inputId(field)}-${option.value}`;
        return (
          <div
            key={option.value}
            className={cn(
              'flex items-start gap-2.5 rounded-md border border-border p-2.5',
              invalid && 'border-destructive/60',
            )}
          >
            <Checkbox
              id={id}
              className="mt-0.5"
              checked={chosen.includes(option.value)}
              onCheckedChange={(checked) =>
                onChange(toggleChoice(field, value, option.value, checked === true))
              }
            />
            <Label htmlFor={id} className="flex flex-col gap-0.5 leading-snug">
              <span>{option.label}</span>
              {option.description && (
                <span className="text-xs font-normal text-muted-foreground">{option.description}</span>
              )}
            </Label>
          </div>
        );
      })}
    </fieldset>
  );
}

/** Options as selectable cards (phase 6): a radio group, so arrow keys move and Space selects. */
function OptionCards({ field, value, onChange, onBlur, invalid, describedBy }: ControlProps) {
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={onChange}
      aria-labelledby={`${inputId(field)}-label`}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={field.required || undefined}
      onBlur={(e: React.FocusEvent<HTMLDivElement>) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onBlur();
      }}
      className="grid gap-3 sm:grid-cols-2"
    >
      {field.options?.map((option) => {
        const split = splitOptionLabel(option.label);
        const title = option.description ? option.label : split.title;
        const description = option.description ?? split.description;
        return (
          <RadioGroup.Item
            key={option.value}
            value={option.value}
            className={cn(
              'group relative flex min-h-16 w-full flex-col items-start gap-1 rounded-lg border bg-surface p-4 pr-10 text-left transition-colors hover:border-primary/60 hover:bg-primary-soft/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              'border-border data-[state=checked]:border-primary data-[state=checked]:bg-primary-soft data-[state=checked]:ring-1 data-[state=checked]:ring-primary',
              invalid && 'border-destructive/60',
            )}
          >
            <span className="font-semibold">{title}</span>
            {description && (
              <span className="block text-sm leading-snug text-muted-foreground first-letter:uppercase">
                {description}
              </span>
            )}
            <span
              aria-hidden
              className="absolute top-4 right-4 flex size-4 items-center justify-center rounded-full border border-input group-data-[state=checked]:border-primary"
            >
              <RadioGroup.Indicator className="size-2 rounded-full bg-primary" />
            </span>
          </RadioGroup.Item>
        );
      })}
    </RadioGroup.Root>
  );
}

function FieldLabel({ field, profile }: { field: FormField; profile: Readonly<Record<string, unknown>> }) {
  const id = inputId(field);
  return (
    <div className="flex items-center gap-1.5">
      {field.display === 'cards' || field.type === 'checkboxes' ? (
        // Names a group (aria-labelledby), not one control: a <label> here would point at one box only.
        <span id={`${id}-label`} className="text-sm leading-snug font-medium text-foreground">
          {field.label}
        </span>
      ) : (
        <Label htmlFor={id} id={`${id}-label`} className="leading-snug">
          {field.label}
        </Label>
      )}
      {field.required && (
        <span className="-ml-1 shrink-0 text-sm leading-none font-medium text-destructive" aria-hidden>
          *
        </span>
      )}
      {field.tooltip && (
        <Tooltip>
          <TooltipTrigger asChild>
            <button
              type="button"
              aria-label={`About ${field.label}`}
              // shrink-0: beside a long label on a phone it would otherwise be squeezed to a dot.
              className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              <Info className="size-4 shrink-0" aria-hidden />
            </button>
          </TooltipTrigger>
          <TooltipContent>{fieldText(field.tooltip, profile)}</TooltipContent>
        </Tooltip>
      )}
    </div>
  );
}

const NO_PROFILE: Readonly<Record<string, unknown>> = {};

/** The Decision Box form, rendered from the phase configuration. */
export function DecisionForm({
  fields,
  form,
  origins,
  remoteNotes = {},
  profile = NO_PROFILE,
}: {
  fields: FormField[];
  form: UseFormReturn<Answers>;
  /** Shared facts first given in another activity, with the note that says where. */
  origins: ReadonlyMap<string, string>;
  /** Fields changed on another device while being edited here (hooks/use-follow-remote.ts). */
  remoteNotes?: Readonly<Record<string, RemoteNote>>;
  /**
   * What the activity's prompt renders with (its answers and the shared facts): help texts and tooltips that
   * follow the business profile read it (`fieldText`); without it they read their neutral wording.
   */
  profile?: Readonly<Record<string, unknown>>;
}) {
  const lastCounted = numbersTotal(fields, {})?.last;
  return (
    <div className="space-y-6">
      {fields.map((field) => (
        <Controller
          key={field.id}
          name={field.id}
          control={form.control}
          render={({ field: rhf, fieldState }) => {
            const id = inputId(field);
            const remoteNote = remoteNotes[field.id];
            const error = fieldState.error?.message;
            const describedBy =
              [field.help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
              undefined;
            const props: ControlProps = {
              field,
              value: typeof rhf.value === 'string' ? rhf.value : '',
              onChange: (value) => {
                rhf.onChange(value);
                // Errors clear as soon as the answer is edited; they are checked again when the field is left.
                if (fieldState.error) form.clearErrors(field.id);
              },
              onBlur: rhf.onBlur,
              invalid: Boolean(error),
              describedBy,
            };
            return (
              <div className="space-y-2" data-field={field.id}>
                {field.handoff && (
                  <h3 className="border-t border-border pt-6 text-sm font-semibold text-foreground">
                    After you run the prompt
                  </h3>
                )}
                <FieldLabel field={field} profile={profile} />
                {field.display === 'cards' ? (
                  <OptionCards {...props} />
                ) : field.type === 'select' ? (
                  <SelectControl {...props} />
                ) : field.type === 'checkboxes' ? (
                  <CheckboxesControl {...props} />
                ) : field.type === 'color' ? (
                  <ColorControl {...props} />
                ) : field.type === 'number' ? (
                  <NumberControl {...props} />
                ) : (
                  <TextControl {...props} />
                )}
                {remoteNote && (
                  <RemoteChangeNote
                    field={field.id}
                    note={remoteNote}
                    readable={(value) => answerText(field, value)}
                  />
                )}
                {origins.has(field.id) && (
                  <p className="flex items-center gap-1 text-xs text-muted-foreground" data-fact-origin>
                    <History className="size-3.5" aria-hidden />
                    {origins.get(field.id)}
                  </p>
                )}
                {field.help && (
                  <p id={`${id}-help`} className="text-xs leading-relaxed text-muted-foreground">
                    {fieldText(field.help, profile)}
                  </p>
                )}
                {error && (
                  <p id={`${id}-error`} className="text-sm font-medium text-destructive">
                    {error}
                  </p>
                )}
                {field.id === lastCounted && <NumbersTotalLine fields={fields} form={form} />}
              </div>
            );
          }}
        />
      ))}
    </div>
  );
}
