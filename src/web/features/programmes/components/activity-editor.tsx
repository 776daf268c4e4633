import { PHASE_NUMBERS } from '@shared/phases';
import { Plus, Trash2 } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { controlId, type DraftPath, sectionId } from '../lib/draft-path';
import {
  EditorSection,
  FlagControl,
  ListControl,
  TextControl,
  TextListControl,
  useEditing,
  useValue,
} from './editor-controls';
import { FieldsEditor } from './field-editor';

/**
 * Every part of one activity, in the order its page shows them. Memoised: it takes no props, and each control
 * follows its own value, so the editor's page rendering again (each keystroke) renders none of it again.
 */
export const ActivityEditor = React.memo(function ActivityEditor() {
  return (
    <div className="space-y-5">
      <EditorSection path={['names']} title="Names and intro">
        <TextControl path={['title']} label="Title" hint="The activity's full title, in the config." />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextControl path={['names', 'activity']} label="Name on the landing grid" />
          <TextControl path={['names', 'header']} label="Name in the header" />
          <TextControl path={['names', 'page']} label="Name on its page" />
        </div>
        <TextControl
          path={['estimatedTime']}
          label="Estimated time"
          hint={'The sum of the class steps\' times, like "40-50 minutes".'}
        />
        <TextControl path={['intro']} label="Intro" multiline={3} />
      </EditorSection>
      <DecisionBoxEditor />
      <StepsEditor />
      <EditorSection
        path={['fields']}
        title="Form fields"
        description="What the team answers (4 to 17 fields), in the order they see them."
      >
        <FieldsEditor />
      </EditorSection>
      <NeedsEditor />
      <EditorSection
        path={['promptTemplate']}
        title="Prompt template"
        description="{{field_id}} shows an answer; {{#if field}} ... {{else}} ... {{/if}} chooses a path."
      >
        <TextControl path={['promptTemplate']} label="Template" multiline={18} mono />
      </EditorSection>
      <ExpectedOutputEditor />
      <EditorSection
        path={['instructions']}
        title="Instructions"
        description="Shown as numbered instructions when the activity has no step-by-step workflow."
      >
        <TextListControl path={['instructions']} itemName="instruction" min={1} multiline />
      </EditorSection>
      <DownloadsEditor />
    </div>
  );
});

/** An optional part: "Add" puts a starting shape in, "Remove" takes it out of the config. */
function OptionalToggle({ path, name, make }: { path: DraftPath; name: string; make: () => unknown }) {
  const { activity, update, readOnly } = useEditing();
  const present = useValue(path) !== undefined;
  if (readOnly) return null;
  return present ? (
    <Button variant="ghost" size="sm" className="text-destructive" onClick={() => update(path, undefined)}>
      <Trash2 aria-hidden /> Remove {name}
    </Button>
  ) : (
    <Button
      variant="outline"
      size="sm"
      onClick={() => {
        update(path, make());
        requestAnimationFrame(() => document.getElementById(sectionId(activity, path))?.focus());
      }}
    >
      <Plus aria-hidden /> Add {name}
    </Button>
  );
}

function DecisionBoxEditor() {
  const path = ['decisionBoxContent'];
  const present = useValue(path) !== undefined;
  return (
    <EditorSection
      path={path}
      title="Decision box"
      description="What the team decides before the form, in numbered sections, and a checklist."
      actions={
        <OptionalToggle
          path={path}
          name="decision box"
          make={() => ({
            title: '',
            sections: [{ number: 1, title: '', items: [{ label: '', content: '' }] }],
            action: { title: '', items: [''] },
          })}
        />
      }
    >
      {present && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextControl path={[...path, 'title']} label="Title" />
            <TextControl path={[...path, 'subtitle']} label="Subtitle" optional />
          </div>
          <ListControl
            path={[...path, 'sections']}
            itemName="section"
            numbered="number"
            newItem={() => ({ number: 0, title: '', items: [{ label: '', content: '' }] })}
          >
            {(s) => (
              <>
                <TextControl path={[...path, 'sections', s, 'title']} label="Section title" />
                <ListControl
                  path={[...path, 'sections', s, 'items']}
                  itemName="item"
                  min={1}
                  newItem={() => ({ label: '', content: '' })}
                >
                  {(i) => (
                    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
                      <TextControl path={[...path, 'sections', s, 'items', i, 'label']} label="Label" />
                      <TextControl
                        path={[...path, 'sections', s, 'items', i, 'content']}
                        label="Content"
                        multiline={2}
                      />
                    </div>
                  )}
                </ListControl>
              </>
            )}
          </ListControl>
          <TextControl path={[...path, 'action', 'title']} label="Checklist title" />
          <TextListControl path={[...path, 'action', 'items']} itemName="checklist item" min={1} />
        </>
      )}
    </EditorSection>
  );
}

function StepsEditor() {
  const path = ['stepByStepFlow'];
  const present = useValue(path) !== undefined;
  const newStep = () => ({ step: 0, action: '', time: '' });
  return (
    <EditorSection
      path={path}
      title="Step-by-step workflow"
      description="3 to 7 steps, each with a time; homework is done after class and not counted in class time."
      actions={
        <OptionalToggle
          path={path}
          name="workflow"
          make={() => [1, 2, 3].map((step) => ({ step, action: '', time: '' }))}
        />
      }
    >
      {present && (
        <ListControl path={path} itemName="step" numbered="step" min={3} max={7} newItem={newStep}>
          {(s) => <StepEditor index={s} />}
        </ListControl>
      )}
    </EditorSection>
  );
}

function StepEditor({ index }: { index: number }) {
  const path = ['stepByStepFlow', index];
  const hasDetails = useValue([...path, 'details']) !== undefined;
  return (
    <>
      <TextControl path={[...path, 'action']} label="What the team does" />
      <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
        <TextControl path={[...path, 'time']} label="Time" hint={'"10 min", "5-10 min"'} optional />
        <FlagControl path={[...path, 'homework']} label="Homework (after class)" />
      </div>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium">Sub-steps</p>
        <OptionalToggle
          path={[...path, 'details']}
          name="sub-steps"
          make={() => ({ title: '', steps: [{ number: 1, action: '' }] })}
        />
      </div>
      {hasDetails && (
        <>
          <TextControl path={[...path, 'details', 'title']} label="Sub-steps title" />
          <ListControl
            path={[...path, 'details', 'steps']}
            itemName="sub-step"
            numbered="number"
            min={1}
            newItem={() => ({ number: 0, action: '' })}
          >
            {(i) => <TextControl path={[...path, 'details', 'steps', i, 'action']} label="Sub-step" />}
          </ListControl>
        </>
      )}
    </>
  );
}

function NeedsEditor() {
  return (
    <EditorSection
      path={['needs']}
      title="Needs"
      description={
        'What the prompt cannot start without: met when any of its conditions holds (field, field == "x", phase1.field).'
      }
    >
      <ListControl path={['needs']} itemName="need" newItem={() => ({ what: '', fix: '', anyOf: [''] })}>
        {(n) => <NeedEditor index={n} />}
      </ListControl>
    </EditorSection>
  );
}

const NO_ACTIVITY = 'none';

function NeedEditor({ index }: { index: number }) {
  const { activity, update, readOnly } = useEditing();
  const path = ['needs', index];
  const from = useValue([...path, 'from']);
  const fromId = controlId(activity, [...path, 'from']);
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextControl path={[...path, 'what']} label="What is missing" />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fromId}>Made in activity</Label>
          <Select
            value={typeof from === 'number' ? String(from) : NO_ACTIVITY}
            disabled={readOnly}
            onValueChange={(next) =>
              update([...path, 'from'], next === NO_ACTIVITY ? undefined : Number(next))
            }
          >
            <SelectTrigger id={fromId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NO_ACTIVITY}>This form</SelectItem>
              {PHASE_NUMBERS.map((n) => (
                <SelectItem key={n} value={String(n)}>
                  Activity {n}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <TextControl path={[...path, 'fix']} label="How to fix it" multiline={2} />
      <p className="text-sm font-medium">Met when any of these holds</p>
      <TextListControl path={[...path, 'anyOf']} itemName="condition" min={1} />
    </>
  );
}

function ExpectedOutputEditor() {
  const path = ['expectedOutput'];
  const concepts = useValue([...path, 'marketInformedProductConcepts']) !== undefined;
  return (
    <EditorSection
      path={path}
      title="Expected output"
      description="What the team ends with, and what comes next."
    >
      <TextControl path={[...path, 'fileCreated']} label="What you will have" optional multiline={2} />
      <TextControl path={[...path, 'whyItMatters']} label="Why it matters" multiline={2} />
      <p className="text-sm font-medium">Next steps</p>
      <TextListControl path={[...path, 'nextSteps']} itemName="next step" min={1} />
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium">New product concepts</p>
        <OptionalToggle path={[...path, 'marketInformedProductConcepts']} name="concepts" make={() => ['']} />
      </div>
      {concepts && <TextListControl path={[...path, 'marketInformedProductConcepts']} itemName="concept" />}
    </EditorSection>
  );
}

function DownloadsEditor() {
  const path = ['downloads'];
  const present = useValue(path) !== undefined;
  return (
    <EditorSection
      path={path}
      title="Downloads"
      description="Files offered on the page, each a button, by its address on this site (/downloads/...): one to three."
      actions={
        <OptionalToggle path={path} name="downloads" make={() => [{ label: '', href: '/downloads/' }]} />
      }
    >
      {present && (
        <ListControl
          path={path}
          itemName="download"
          min={1}
          max={3}
          newItem={() => ({ label: '', href: '/downloads/' })}
        >
          {(n) => (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextControl path={[...path, n, 'label']} label="Button label" />
              <TextControl path={[...path, n, 'href']} label="Address" mono />
            </div>
          )}
        </ListControl>
      )}
    </EditorSection>
  );
}
