import * as React from 'react';

// Toast constants: one at a time, removed from memory 1,000,000 ms after dismissal.
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'destructive' | 'success';

export type ToastData = {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: React.ReactNode;
  variant?: ToastVariant;
  open: boolean;
};

type ToastInput = Omit<ToastData, 'id' | 'open'>;

type State = { toasts: ToastData[] };
type Action =
  | { type: 'add'; toast: ToastData }
  | { type: 'update'; toast: Partial<ToastData> & { id: string } }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

let count = 0;
const nextId = () => {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return String(count);
};

const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY),
  );
}

export function toastReducer(state: State, action: Action): State {
  switch (action.type) {
    case 'add':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'update':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'dismiss':
      for (const t of state.toasts) if (!action.id || t.id === action.id) scheduleRemoval(t.id);
      return {
        toasts: state.toasts.map((t) => (!action.id || t.id === action.id ? { ...t, open: false } : t)),
      };
    case 'remove':
      return { toasts: action.id ? state.toasts.filter((t) => t.id !== action.id) : [] };
  }
}

const listeners = new Set<(state: State) => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action) {
  memoryState = toastReducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
}

export function toast(input: ToastInput) {
  const id = nextId();
  dispatch({ type: 'add', toast: { ...input, id, open: true } });
  return { id, dismiss: () => dispatch({ type: 'dismiss', id }) };
}

export function dismissToast(id?: string) {
  dispatch({ type: 'dismiss', id });
}

export function useToast() {
  const [state, setState] = React.useState(memoryState);
  React.useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { toasts: state.toasts, toast, dismiss: dismissToast };
}
