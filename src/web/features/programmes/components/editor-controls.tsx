import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Label, Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { controlId, type DraftPath, getIn, sectionId } from '../lib/draft-path';
import type { FixedNames } from '../lib/field-id';
import { moveItem, removeAt, renumber } from '../lib/list-edit';

/**
 * The editor's controls: each edits one place of the activity's config, named by its path, and has the id
 * `controlId(activity, path)`, so a problem the checks find there links to it and focuses it.
 */

/** Where the controls read the activity's config: as the draft holds it now, and told of every change. */
export type ConfigSource = {
  /** The activity's config as the draft holds it: anything, while it is being written. */
  config(): unknown;
  subscribe(listener: () => void): () => void;
};

/**
 * What every control of the activity shares. It changes only with the activity (or the fixed names), not
 * with the draft: each control follows its own value (`useValue`), so a keystroke renders again only the
 * controls whose value it changed.
 */
export type ActivityEditing = {
  activity: number;
  source: ConfigSource;
  update(path: DraftPath, value: unknown): void;
  readOnly: boolean;
  /**
   * Field ids and option values fixed (in the draft when the editor opened, or published): they never change,
   * so answers and templates keep working; renaming changes the label only.
   */
  fixed: FixedNames;
  /** Every field id of the programme, so a new field's id is unique. */
  programmeFieldIds(): ReadonlySet<string>;
};

const EditingContext = React.createContext<ActivityEditing | null>(null);
export const ActivityEditingProvider = EditingContext.Provider;

export function useEditing(): ActivityEditing {
  const editing = React.useContext(EditingContext);
  if (!editing) throw new Error('useEditing outside ActivityEditingProvider');
  return editing;
}

/** The value at `path` in the activity's config; the component renders again only when it changes. */
export function useValue(path: DraftPath): unknown {
  const { source } = useEditing();
  return React.useSyncExternalStore(source.subscribe, () => getIn(source.config(), path));
}

/** A string of the config, '' where it has none. */
export function useText(path: DraftPath): string {
  const value = useValue(path);
  return typeof value === 'string' ? value : '';
}

const NO_ITEMS: unknown[] = [];

export function useList(path: DraftPath): unknown[] {
  const value = useValue(path);
  return Array.isArray(value) ? value : NO_ITEMS;
}

type TextProps = {
  path: DraftPath;
  label: string;
  /** Under the label: what the text is for, or the form it takes. */
  hint?: string;
  multiline?: boolean | number;
  /** Optional text: left empty, the key is left out of the config (as the JSON files leave it). */
  optional?: boolean;
  mono?: boolean;
  className?: string;
  placeholder?: string;
};

/** A text of the config, with its label (and hint) above it. */
export function TextControl({
  path,
  label,
  hint,
  multiline,
  optional,
  mono,
  className,
  placeholder,
}: TextProps) {
  const { activity, update, readOnly } = useEditing();
  const value = useText(path);
  const id = controlId(activity, path);
  const onChange = (next: string) => update(path, optional && next === '' ? undefined : next);
  const shared = {
    id,
    value,
    readOnly,
    placeholder,
    'aria-describedby': hint ? `${id}-hint` : undefined,
    className: mono ? 'font-mono text-sm sm:text-xs' : undefined,
  };
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {optional && <span className="font-normal text-muted-foreground"> (optional)</span>}
      </Label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {multiline ? (
        <Textarea
          rows={typeof multiline === 'number' ? multiline : 3}
          onChange={(e) => onChange(e.target.value)}
          {...shared}
        />
      ) : (
        <Input onChange={(e) => onChange(e.target.value)} {...shared} />
      )}
    </div>
  );
}

/** A yes/no of the config, stored as `true` or left out (the configs' optional flags). */
/**
 * A whole number of the draft (a number field's smallest, largest, total): blank leaves it out; anything
 * but a whole number stays as typed, for the checks to name.
 */
export function WholeNumberControl({ path, label, hint }: { path: DraftPath; label: string; hint?: string }) {
  const { activity, update, readOnly } = useEditing();
  const value = useValue(path);
  const id = controlId(activity, path);
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>
        {label}
        <span className="font-normal text-muted-foreground"> (optional)</span>
      </Label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <Input
        id={id}
        value={value === undefined || value === null ? '' : String(value)}
        readOnly={readOnly}
        inputMode="numeric"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="max-w-32 tabular-nums"
        onChange={(e) => {
          const text = e.target.value.trim();
          update(path, text === '' ? undefined : /^-?\d{1,9}$/.test(text) ? Number(text) : e.target.value);
        }}
      />
    </div>
  );
}

export function FlagControl({ path, label, hint }: { path: DraftPath; label: string; hint?: string }) {
  const { activity, update, readOnly } = useEditing();
  const id = controlId(activity, path);
  const checked = useValue(path) === true;
  return (
    <div className="flex items-start gap-2.5">
      <Checkbox
        id={id}
        checked={checked}
        disabled={readOnly}
        onCheckedChange={(next) => update(path, next === true ? true : undefined)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5"
      />
      <div className="flex flex-col gap-0.5">
        <Label htmlFor={id} className="leading-snug">
          {label}
        </Label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/** A part of the activity: a titled group whose id a problem about it as a whole can focus. */
export function EditorSection({
  path,
  title,
  description,
  actions,
  children,
}: {
  path: DraftPath;
  title: string;
  description?: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  const { activity } = useEditing();
  const id = sectionId(activity, path);
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-xl border border-border bg-surface p-4 shadow-sm outline-none focus-visible:outline-2 focus-visible:outline-ring sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`${id}-title`} className="text-base font-semibold tracking-tight">
            {title}
          </h3>
          {description && <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>}
        </div>
        {actions}
      </div>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/**
 * A list of the config (steps, fields, options, items): each item in a box with "Move up", "Move down" and
 * "Remove", and "Add" at the end. `numbered` renumbers a key (`step`, `number`) by position after any change.
 */
export function ListControl({
  path,
  itemName,
  newItem,
  numbered,
  min = 0,
  max = Number.POSITIVE_INFINITY,
  children,
  onAdd,
}: {
  path: DraftPath;
  /** "step", "field", "option": the buttons say "Move step 2 up", "Remove option 3", "Add step". */
  itemName: string;
  newItem: () => unknown;
  numbered?: string;
  /** Below it, "Remove" is off (the checks would refuse fewer); above `max`, "Add" is. */
  min?: number;
  max?: number;
  children: (index: number) => React.ReactNode;
  /** After an item is added: where focus goes (its first control). */
  onAdd?: (index: number) => void;
}) {
  const { activity, update, readOnly } = useEditing();
  const list = useList(path);
  const set = (next: unknown[]) => update(path, numbered ? renumber(next as object[], numbered) : next);
  const move = (from: number, to: number) => {
    set(moveItem(list, from, to));
    // Focus follows the item, so a keyboard can keep moving it.
    const direction = to < from ? 'up' : 'down';
    requestAnimationFrame(() => {
      const button =
        document.getElementById(`${controlId(activity, [...path, to])}-move-${direction}`) ??
        document.getElementById(
          `${controlId(activity, [...path, to])}-move-${direction === 'up' ? 'down' : 'up'}`,
        );
      button?.focus();
    });
  };
  return (
    <div className="space-y-3">
      {list.map((_, index) => {
        const itemId = controlId(activity, [...path, index]);
        const label = `${itemName} ${index + 1}`;
        return (
          <fieldset
            // Items have no ids of their own; a list is edited in place by position.
            key={index}
            id={itemId}
            tabIndex={-1}
            className="m-0 min-w-0 scroll-mt-24 rounded-lg border border-border bg-muted/30 p-3 outline-none focus-visible:outline-2 focus-visible:outline-ring sm:p-4"
          >
            <legend className="sr-only">{label}</legend>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm font-semibold capitalize" aria-hidden>
                {label}
              </p>
              {!readOnly && (
                <div className="flex gap-1">
                  <Button
                    id={`${itemId}-move-up`}
                    variant="ghost"
                    size="sm"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <ArrowUp aria-hidden />
                    <span className="sr-only sm:not-sr-only">Move up</span>
                    <span className="sr-only"> {label}</span>
                  </Button>
                  <Button
                    id={`${itemId}-move-down`}
                    variant="ghost"
                    size="sm"
                    disabled={index === list.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDown aria-hidden />
                    <span className="sr-only sm:not-sr-only">Move down</span>
                    <span className="sr-only"> {label}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={list.length <= min}
                    onClick={() => set(removeAt(list, index))}
                    className="text-destructive"
                  >
                    <Trash2 aria-hidden />
                    <span className="sr-only sm:not-sr-only">Remove</span>
                    <span className="sr-only"> {label}</span>
                  </Button>
                </div>
              )}
            </div>
            <div className="space-y-3">{children(index)}</div>
          </fieldset>
        );
      })}
      {!readOnly && (
        <Button
          variant="outline"
          size="sm"
          disabled={list.length >= max}
          onClick={() => {
            set([...list, newItem()]);
            if (onAdd) requestAnimationFrame(() => onAdd(list.length));
          }}
        >
          <Plus aria-hidden /> Add {itemName}
        </Button>
      )}
    </div>
  );
}

/** A list of texts (instructions, next steps, checklist items): one line each. */
export function TextListControl({
  path,
  itemName,
  min = 0,
  multiline,
}: {
  path: DraftPath;
  itemName: string;
  min?: number;
  multiline?: boolean;
}) {
  const { activity } = useEditing();
  return (
    <ListControl
      path={path}
      itemName={itemName}
      newItem={() => ''}
      min={min}
      onAdd={(index) => document.getElementById(controlId(activity, [...path, index]))?.focus()}
    >
      {(index) => (
        <TextControl
          path={[...path, index]}
          label={`Text of ${itemName} ${index + 1}`}
          multiline={multiline}
        />
      )}
    </ListControl>
  );
}
