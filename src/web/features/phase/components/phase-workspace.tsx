import { unmetNeeds } from '@shared/activity-needs';
import type { PhaseConfig } from '@shared/phase-config';
import { AlertCircle, CheckCircle2, ClipboardList, Info } from 'lucide-react';
import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { LivePausedNotice } from '@/components/live-paused-notice';
import { retypeEarlyTyping } from '@/lib/early-typing';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useLiveAnswers } from '../hooks/use-live-answers';
import { mergedTextIds, useLiveTexts } from '../hooks/use-live-texts';
import { usePhaseAutosave } from '../hooks/use-phase-autosave';
import { useLiveFacts } from '../hooks/use-live-facts';
import { useSharedAnswers } from '../hooks/use-shared-answers';
import { useAnswerStore } from '../store/answer-store';
import { hasAnyAnswer } from '@shared/answers';
import { type Answers, answersResolver, isIncomplete, REQUIRED_BANNER, validateField } from '../lib/answers';
import { DecisionForm } from './decision-form';
import { PresenceLine } from './presence-line';
import { MissingInputs, ProfileFacts, WorkedExampleNote } from './prompt-inputs';
import { PromptPreview } from './prompt-preview';
import { SaveStatus } from './save-status';

/** Beside the required-fields banner while it is guidance: nothing is wrong yet. */
export const REQUIRED_GUIDANCE =
  'Answer the fields marked * in any order, then press "Check my answers" when you are ready to go on.';

/** What "Check my answers" says when every required answer is there and valid. */
export const ALL_IN_ORDER =
  'Everything required is answered: this activity is done. Your next step is at the end of the page.';

/**
 * The Decision Box form beside the live AI Prompt Preview, with autosave. Mounted once the answers are
 * loaded; `initialAnswers` are read once.
 */
export function PhaseWorkspace({
  config,
  mode,
  initialAnswers: initialProp,
  teamId,
  children,
}: {
  config: PhaseConfig;
  /** The page's mode (`useWorkspace().mode`): what the card and the indicator say about where answers go. */
  mode: 'workspace' | 'practice';
  /** The activity's answers, its shared facts from the team's one copy. */
  initialAnswers: Answers;
  /** The open workspace's team (none in practice mode): whose runs the preview shows. */
  teamId?: string;
  /** Shown below the form (the website phase's submission card). */
  children?: React.ReactNode;
}) {
  const store = useAnswerStore();
  const inWorkspace = mode === 'workspace';
  const autosave = usePhaseAutosave(store, config.phase);
  const [initialAnswers] = React.useState(initialProp);
  // The rules follow the config on screen: a new programme version (the live `programme` event) replaces
  // `config` without remounting the form, and what is typed stays.
  const fieldsNow = React.useRef(config.fields);
  fieldsNow.current = config.fields;
  const [resolver] = React.useState(() => answersResolver(() => fieldsNow.current));
  const form = useForm<Answers>({
    defaultValues: initialAnswers,
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    resolver,
  });
  // An error shown under rules the config in use no longer has goes (the field made optional, or removed:
  // its answer kept); fields without one wait to be left or checked, as before.
  const fields = config.fields;
  React.useEffect(() => {
    const stale = Object.keys(form.getValues()).filter((id) => {
      if (!form.getFieldState(id).error) return false;
      const field = fields.find((f) => f.id === id);
      return !field || validateField(field, form.getValues(id)) === undefined;
    });
    if (stale.length > 0) form.clearErrors(stale);
  }, [fields, form]);
  const watched = useWatch({ control: form.control });
  const answers = React.useMemo(
    () => ({ ...initialAnswers, ...watched }) as Answers,
    [initialAnswers, watched],
  );
  const { touchedFields, isSubmitted } = form.formState;
  const formRef = React.useRef<HTMLFormElement>(null);

  const { update } = autosave;
  // "Check my answers" found everything in order; any edit after it takes the word back.
  const [checkedOk, setCheckedOk] = React.useState(false);
  // A save names the fields edited here.
  React.useEffect(() => {
    const subscription = form.watch((values, { name, type }) => {
      if (type !== 'change') return;
      setCheckedOk(false);
      update(values as Answers, name ? [name] : undefined);
    });
    return () => subscription.unsubscribe();
  }, [form, update]);
  // What the form took before the line above listened is saved now: keys pressed between the form's arrival
  // on the page and its effects (a start-up render hands the page over before they run), and the text typed
  // into the pre-rendered page, typed again into this form as it arrived (the layout effect below).
  // Declared before the text copies and the live followers first hear the stored answers, so they hear it
  // as this page's typing and never put the stored text back over it.
  // Once: later, every change reaches the save through the line above.
  const caughtUp = React.useRef(false);
  React.useEffect(() => {
    if (caughtUp.current) return;
    caughtUp.current = true;
    const values = form.getValues();
    const typedEarly = Object.keys(values).filter((id) => (values[id] ?? '') !== (initialAnswers[id] ?? ''));
    if (typedEarly.length > 0) update(values, typedEarly);
  }, [form, update, initialAnswers]);
  // Text typed together merges with what teammates type, in place (the workspace's store); every other
  // field (and every field in practice mode) shows teammates' saves (or another practice tab's) where
  // nobody is editing it here.
  const followed = React.useMemo(() => {
    const merged = new Set(mergedTextIds(store, config.fields));
    return config.fields.filter((field) => !merged.has(field.id));
  }, [store, config.fields]);
  const textLocal = React.useMemo(
    () => ({ isUnsaved: autosave.local.isUnsaved, update }),
    [autosave.local, update],
  );
  const textNotes = useLiveTexts(form, config.fields, config.phase, textLocal);
  const remoteNotes = useLiveAnswers(form, config.phase, followed, autosave);

  // A run's answer put into the activity's handoff field: saved like typing it there.
  const useIn = React.useMemo(
    () => ({
      fields: config.fields
        .filter((field) => field.handoff)
        .map((field) => ({ id: field.id, label: field.label })),
      put: (fieldId: string, text: string) => {
        form.setValue(fieldId, text, { shouldDirty: true });
        update(form.getValues(), [fieldId]);
      },
    }),
    [config.fields, form, update],
  );

  // The shared facts and the other activities' answers: the prompt's data, and where each fact was given.
  const shared = useSharedAnswers(config.phase, config.fields, answers);
  const factNotes = useLiveFacts(form, followed, config.phase, shared.facts, update);
  const notes = React.useMemo(
    () => ({ ...remoteNotes, ...factNotes, ...textNotes }),
    [remoteNotes, factNotes, textNotes],
  );

  // What was typed into the page's pre-rendered form is typed into this one as it replaces it, and the field
  // the person was in keeps the focus: in the commit itself, before the browser handles another key, which
  // would otherwise land on no field (the pre-rendered one gone, this one not yet focused).
  React.useLayoutEffect(() => {
    retypeEarlyTyping(window.location.pathname);
  }, []);
  // Marks the form as live (every handler and follower set up), for tests that type into it straight after
  // start-up.
  React.useEffect(() => {
    formRef.current?.setAttribute('data-ready', '');
  }, []);

  // What the prompt cannot start from nothing without counts as an unanswered required field.
  const missing = React.useMemo(
    () => unmetNeeds(config.needs, shared.context),
    [config.needs, shared.context],
  );
  const started = isSubmitted || Object.keys(touchedFields).length > 0 || hasAnyAnswer(answers);
  const showBanner = started && (isIncomplete(config.fields, answers) || missing.length > 0);

  const checkAnswers = form.handleSubmit(
    () => setCheckedOk(true),
    (errors) => {
      setCheckedOk(false);
      const first = config.fields.find((f) => errors[f.id]);
      if (first) document.getElementById(`field-${first.id}`)?.focus();
    },
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
      {inWorkspace && <PresenceLine phase={config.phase} className="lg:col-span-2" />}
      {inWorkspace && <LivePausedNotice typingSaved />}
      <div className="min-w-0 space-y-6">
        <Card>
          <CardHeader>
            <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
              <CardTitle className="flex items-center gap-2" tabIndex={-1} data-form-heading>
                <ClipboardList className="size-5 text-primary" aria-hidden />
                Decision Box
              </CardTitle>
              <SaveStatus state={autosave.state} local={!inWorkspace} />
            </div>
            <CardDescription>
              {inWorkspace
                ? 'Your answers save automatically to your workspace and build the prompt beside this form.'
                : 'Practice mode: your answers are kept in this browser only.'}
            </CardDescription>
            <a
              href="#prompt-preview"
              className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline lg:hidden"
            >
              Jump to the AI prompt
            </a>
          </CardHeader>
          <CardContent>
            <form
              ref={formRef}
              noValidate
              aria-label="Decision Box"
              onSubmit={(event) => {
                event.preventDefault();
                void checkAnswers(event);
              }}
            >
              {/* Guidance while the team is still answering; the error once it asks to go on ("Check my
                  answers") with something missing. */}
              {showBanner &&
                (isSubmitted ? (
                  <div
                    role="alert"
                    className="mb-6 flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive-soft p-3 text-sm font-medium text-destructive"
                    data-testid="required-banner"
                    data-state="error"
                  >
                    <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
                    {REQUIRED_BANNER}
                  </div>
                ) : (
                  <div
                    className="mb-6 flex items-start gap-2 rounded-lg border border-primary/20 bg-primary-soft p-3 text-sm text-foreground"
                    data-testid="required-banner"
                    data-state="guidance"
                  >
                    <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                    <span>
                      {REQUIRED_BANNER} <span className="text-muted-foreground">{REQUIRED_GUIDANCE}</span>
                    </span>
                  </div>
                ))}
              <p role="status">
                {checkedOk && !showBanner && (
                  <span className="mb-6 flex items-start gap-2 rounded-lg border border-success/30 bg-success-soft p-3 text-sm font-medium text-success">
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
                    {ALL_IN_ORDER}
                  </span>
                )}
              </p>
              <MissingInputs needs={missing} />
              <ProfileFacts template={config.promptTemplate} fields={config.fields} data={shared.context} />
              <WorkedExampleNote />
              <DecisionForm
                fields={config.fields}
                form={form}
                origins={shared.origins}
                remoteNotes={notes}
                profile={shared.context}
              />
              <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
                <p className="text-xs text-muted-foreground">
                  <span className="text-destructive" aria-hidden>
                    *
                  </span>{' '}
                  Required
                </p>
                <Button type="submit" variant="outline" size="sm">
                  Check my answers
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
        {children}
      </div>
      {/* Sticky beside the form, and scrolling on its own when a run's answer makes it taller than the
          window: the answer is never pinned out of sight below it. */}
      <div
        id="prompt-preview"
        className="min-w-0 scroll-mt-20 lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto"
      >
        <PromptPreview
          template={config.promptTemplate}
          data={shared.context}
          runs={{ phase: config.phase, teamId: inWorkspace ? teamId : undefined, useIn }}
        />
      </div>
    </div>
  );
}
