/**
 * Text typed into an activity's pre-rendered form before the app takes the page over. A returning visitor
 * the server does not know as a team's (practice mode chosen before) is shown the activity's pre-rendered
 * HTML at once, and its fields take keys straight away; the app then renders the page afresh over it
 * (main.tsx), which would throw those keys away. They are kept here, by field, and typed again into the
 * app's own form as it replaces the pre-rendered one (components/phase-workspace.tsx), and saved from there.
 */

type Kept = { path: string; values: Map<string, string>; focused: string | null };

let kept: Kept | null = null;
let stop: () => void = () => {};

const fieldId = (element: EventTarget | null) =>
  (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
  element.id.startsWith('field-')
    ? element.id.slice('field-'.length)
    : null;

/** Starts keeping what is typed into the pre-rendered form inside `container` (the page about to be replaced). */
export function keepEarlyTyping(container: HTMLElement): void {
  const fields = new Set<Element>(
    container.querySelectorAll('form input[id^="field-"], form textarea[id^="field-"]'),
  );
  if (fields.size === 0) return;
  const state: Kept = { path: window.location.pathname, values: new Map(), focused: null };
  kept = state;
  const record = (element: Element) => {
    const id = fieldId(element);
    if (id === null) return;
    const { value, defaultValue } = element as HTMLInputElement | HTMLTextAreaElement;
    if (value === defaultValue) state.values.delete(id);
    else state.values.set(id, value);
  };
  // Typed before this script ran.
  for (const element of fields) record(element);
  if (fields.has(document.activeElement as Element)) state.focused = fieldId(document.activeElement);
  const onInput = (event: Event) => {
    if (event.target instanceof Element && fields.has(event.target)) record(event.target);
  };
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof Element && fields.has(event.target)) state.focused = fieldId(event.target);
  };
  document.addEventListener('input', onInput, true);
  document.addEventListener('focusin', onFocus, true);
  stop = () => {
    document.removeEventListener('input', onInput, true);
    document.removeEventListener('focusin', onFocus, true);
  };
}

/**
 * What was typed into the pre-rendered form of `path`, by field id, and the field the person was in; once.
 * Null when nothing was typed and no field was chosen.
 */
export function takeEarlyTyping(
  path: string,
): { values: Map<string, string>; focused: string | null } | null {
  const taken = kept;
  if (!taken || taken.path !== path) return null;
  stop();
  kept = null;
  return taken.values.size > 0 || taken.focused !== null
    ? { values: taken.values, focused: taken.focused }
    : null;
}

/**
 * Types what was kept for `path` into the app's form, as it replaces the pre-rendered one: each field's text
 * after what it shows (nothing, or the saved answer), as the browser types (its input event, which the form
 * records); the person's field gets the focus back, the caret at its end, even when nothing was typed yet.
 * Called as the app's form is put on the page (a layout effect), before the browser handles another key:
 * a key pressed between the two pages would otherwise land on no field at all. Saving what the form now
 * holds is the form's own business (components/phase-workspace.tsx).
 */
export function retypeEarlyTyping(path: string): void {
  const early = takeEarlyTyping(path);
  if (!early) return;
  for (const [id, typed] of early.values) {
    const element = document.getElementById(`field-${id}`);
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) continue;
    const shown = element.value;
    const next = shown === '' ? typed : `${shown}${/\s$/.test(shown) ? '' : ' '}${typed}`;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set;
    setter?.call(element, next);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const focused = early.focused && document.getElementById(`field-${early.focused}`);
  if (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement) {
    focused.focus({ preventScroll: true });
    focused.setSelectionRange(focused.value.length, focused.value.length);
  }
}
