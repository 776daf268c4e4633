import { FieldTypeSchema } from '@shared/phase-config';
import { isSharedFactId } from '@shared/shared-facts';
import * as React from 'react';
import { Lock } from 'lucide-react';
import { Input, Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Checkbox } from '@/components/ui/checkbox';
import { controlId } from '../lib/draft-path';
import { fieldIdFromLabel, optionValueFromLabel } from '../lib/field-id';
import {
  ActivityEditingProvider,
  FlagControl,
  ListControl,
  TextControl,
  useEditing,
  WholeNumberControl,
  useText,
  useValue,
} from './editor-controls';

const TYPE_NAMES: Record<(typeof FieldTypeSchema.options)[number], string> = {
  text: 'Short text',
  textarea: 'Long text',
  select: 'One choice (drop-down or cards)',
  checkboxes: 'Several choices (checkboxes)',
  color: 'Colour',
  number: 'Whole number',
};

/** The form's fields: each field's label, id, type, options and help, in the order teams see them. */
export function FieldsEditor() {
  const { activity } = useEditing();
  return (
    <ListControl
      path={['fields']}
      itemName="field"
      min={4}
      max={15}
      newItem={() => ({ id: '', label: '', type: 'text', required: false })}
      onAdd={(index) => document.getElementById(controlId(activity, ['fields', index, 'label']))?.focus()}
    >
      {(index) => <FieldEditor index={index} />}
    </ListControl>
  );
}

function FieldEditor({ index }: { index: number }) {
  const editing = useEditing();
  const { activity, update, readOnly, fixed } = editing;
  const path = ['fields', index] as const;
  const id = useText([...path, 'id']);
  const label = useText([...path, 'label']);
  const type = useText([...path, 'type']) || 'text';
  const cards = useValue([...path, 'display']) === 'cards';
  const locked = id !== '' && fixed.ids.has(id);
  const choice = type === 'select' || type === 'checkboxes';
  // A shared fact is asked alike in every activity: its label, type, example, tooltip and options are the
  // fact's own (the checks refuse any other), so they are shown, not edited; help and Required stay this
  // activity's.
  const shared = isSharedFactId(id);
  const sharedEditing = React.useMemo(() => ({ ...editing, readOnly: true }), [editing]);
  const asShared = (children: React.ReactNode) =>
    shared ? <ActivityEditingProvider value={sharedEditing}>{children}</ActivityEditingProvider> : children;

  // A field's id is given once, from its first label, when the label is first left with the id blank; it
  // never follows the label after that, so renaming a field changes its label only and every template and
  // saved answer keeps reading it. Only a field added since the editor opened may have its id written by hand.
  const giveId = () => {
    if (readOnly || id !== '' || label.trim() === '') return;
    const taken = new Set(editing.programmeFieldIds());
    update([...path, 'id'], fieldIdFromLabel(label, taken));
  };

  const labelId = controlId(activity, [...path, 'label']);
  const idId = controlId(activity, [...path, 'id']);
  const typeId = controlId(activity, [...path, 'type']);
  const displayId = controlId(activity, [...path, 'display']);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <Label htmlFor={labelId}>Label</Label>
        <Input
          id={labelId}
          value={label}
          readOnly={readOnly || shared}
          aria-describedby={shared ? `${labelId}-shared` : undefined}
          onChange={(e) => update([...path, 'label'], e.target.value)}
          onBlur={giveId}
        />
        {shared && !readOnly && (
          <p id={`${labelId}-shared`} className="text-xs text-muted-foreground">
            A shared fact, asked alike in every activity: its label, type, placeholder, tooltip and options
            stay as they are. Its help and whether it is required are this activity&rsquo;s.
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={idId}>Id (templates read it as {`{{${id || 'id'}}}`})</Label>
        {locked || readOnly ? (
          <p
            id={idId}
            tabIndex={-1}
            aria-describedby={locked ? `${idId}-hint` : undefined}
            className="flex min-h-10 items-center gap-2 rounded-md bg-muted px-3 font-mono text-sm"
          >
            <Lock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            {id}
          </p>
        ) : (
          <Input
            id={idId}
            value={id}
            className="font-mono text-sm sm:text-xs"
            spellCheck={false}
            aria-describedby={`${idId}-hint`}
            onChange={(e) => update([...path, 'id'], e.target.value)}
          />
        )}
        {locked ? (
          <p id={`${idId}-hint`} className="text-xs text-muted-foreground">
            Fixed: templates and saved answers use it. Renaming the field changes its label only.
          </p>
        ) : (
          !readOnly && (
            <p id={`${idId}-hint`} className="text-xs text-muted-foreground">
              Made from the first label you give; it does not follow later labels.
            </p>
          )
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={typeId}>Type</Label>
        <Select
          value={type}
          disabled={readOnly || shared}
          onValueChange={(next) => {
            update([...path, 'type'], next);
            if (next !== 'select') update([...path, 'display'], undefined);
            if (next !== 'select' && next !== 'checkboxes') update([...path, 'options'], undefined);
            if (next !== 'number') {
              for (const key of ['min', 'max', 'total']) update([...path, key], undefined);
            }
          }}
        >
          <SelectTrigger id={typeId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {FieldTypeSchema.options.map((option) => (
              <SelectItem key={option} value={option}>
                {TYPE_NAMES[option]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:flex-wrap sm:gap-6">
        <FlagControl path={[...path, 'required']} label="Required" />
        {type === 'textarea' && (
          <FlagControl
            path={[...path, 'handoff']}
            label="Handoff"
            hint="Where the team pastes the AI's key result, for later activities (optional, one per activity)."
          />
        )}
        {type === 'select' && (
          <div className="flex items-start gap-2.5">
            <Checkbox
              id={displayId}
              className="mt-0.5"
              disabled={readOnly || shared}
              checked={cards}
              onCheckedChange={(next) => update([...path, 'display'], next === true ? 'cards' : undefined)}
            />
            <Label htmlFor={displayId} className="leading-snug">
              Show the options as cards
            </Label>
          </div>
        )}
      </div>
      {type === 'number' && (
        <div className="grid gap-3 sm:col-span-2 sm:grid-cols-3">
          <WholeNumberControl path={[...path, 'min']} label="Smallest" hint="0 unless given." />
          <WholeNumberControl path={[...path, 'max']} label="Largest" />
          <WholeNumberControl
            path={[...path, 'total']}
            label="Adds up to"
            hint="The form shows what the numbers with this total add up to."
          />
        </div>
      )}
      {type !== 'color' &&
        asShared(
          <TextControl
            path={[...path, 'placeholder']}
            label="Placeholder"
            optional
            className="sm:col-span-2"
          />,
        )}
      <TextControl path={[...path, 'help']} label="Help" optional multiline={2} className="sm:col-span-2" />
      {asShared(
        <TextControl path={[...path, 'tooltip']} label="Tooltip" optional className="sm:col-span-2" />,
      )}
      {choice && (
        <div className="space-y-2 sm:col-span-2" id={controlId(activity, [...path, 'options'])} tabIndex={-1}>
          <p className="text-sm font-medium">Options</p>
          {asShared(<OptionsEditor fieldIndex={index} checkboxes={type === 'checkboxes'} />)}
        </div>
      )}
    </div>
  );
}

function OptionsEditor({ fieldIndex, checkboxes }: { fieldIndex: number; checkboxes: boolean }) {
  const { activity } = useEditing();
  const path = ['fields', fieldIndex, 'options'] as const;
  return (
    <ListControl
      path={path}
      itemName="option"
      newItem={() => ({ value: '', label: '' })}
      onAdd={(index) => document.getElementById(controlId(activity, [...path, index, 'label']))?.focus()}
    >
      {(index) => <OptionEditor path={[...path, index]} checkboxes={checkboxes} />}
    </ListControl>
  );
}

function OptionEditor({ path, checkboxes }: { path: readonly (string | number)[]; checkboxes: boolean }) {
  const { activity, update, readOnly, fixed } = useEditing();
  const fieldId = useText([...path.slice(0, -2), 'id']);
  const value = useText([...path, 'value']);
  const label = useText([...path, 'label']);
  const locked = value !== '' && (fixed.values.get(fieldId)?.has(value) ?? false);
  // An option's value (what the answer stores, what templates compare with) is given once, from its first
  // label; it never follows the label, so answers already given keep matching it.
  const giveValue = () => {
    if (!readOnly && value === '' && label.trim() !== '')
      update([...path, 'value'], optionValueFromLabel(label));
  };
  const labelId = controlId(activity, [...path, 'label']);
  const valueId = controlId(activity, [...path, 'value']);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={labelId}>Label</Label>
        <Input
          id={labelId}
          value={label}
          readOnly={readOnly}
          onChange={(e) => update([...path, 'label'], e.target.value)}
          onBlur={giveValue}
        />
      </div>
      {locked || readOnly ? (
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={valueId}>Value</Label>
          <p
            id={valueId}
            tabIndex={-1}
            aria-describedby={locked ? `${valueId}-hint` : undefined}
            className="flex min-h-10 items-center gap-2 rounded-md bg-muted px-3 font-mono text-sm"
          >
            <Lock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            {value}
          </p>
          {locked && (
            <p id={`${valueId}-hint`} className="text-xs text-muted-foreground">
              Fixed: answers already given store it. Renaming the option changes its label only.
            </p>
          )}
        </div>
      ) : (
        <TextControl
          path={[...path, 'value']}
          label="Value"
          hint="Stored as the answer; templates compare with it. Made from the first label you give."
          mono
        />
      )}
      <TextControl path={[...path, 'description']} label="Description" optional className="sm:col-span-2" />
      {checkboxes && (
        <FlagControl
          path={[...path, 'exclusive']}
          label="Excludes the others"
          hint={'Like "None of these": ticking it clears the others.'}
        />
      )}
    </div>
  );
}
