import { isPhaseNumber, PHASE_NUMBERS } from '../../shared/phases.ts';
import { SHARED_FACTS } from '../../shared/shared-facts.ts';
import { isPlainObject, readJson, resolveStorage, type StorageLike } from './browser-storage.ts';
import {
  loadAllLocalPhaseData,
  loadLocalPhaseData,
  phaseDataKey,
  SHARED_FACTS_KEY,
  saveLocalPhaseData,
} from './practice-storage.ts';
import { readWorkspaceMeta } from './workspace-meta.ts';

/**
 * Practice mode's shared facts (docs/product.md, The activities and the prompt engine): one copy in this
 * browser under `shared_facts`, as the server keeps one per team. Like the rest of the local storage,
 * nothing here throws: reads give an empty set, writes give false.
 */

export { SHARED_FACTS_KEY };

export type LocalFact = { value: string; givenIn: number; updatedAt: string };
export type LocalFacts = Record<string, LocalFact>;

/** Fact ids earlier versions used in one activity, and what they are now. */
const RENAMED: Record<string, string> = { our_position: 'current_offer', problem_solved: 'unmet_need' };

/**
 * Facts that were an activity's own answer after facts were shared, and the activity that held them: the
 * claims not to make, asked in Evidence Research until they joined the business profile
 * (docs/decisions/044-regulated-services.md). A browser that already keeps shared facts carries such an
 * answer over when it next reads them, as the server's migration 0008 does.
 */
const MOVED: Readonly<Record<string, number>> = { claims_to_avoid: 3 };

function parseFacts(value: unknown): LocalFacts {
  const facts: LocalFacts = {};
  if (!isPlainObject(value)) return facts;
  for (const { id } of SHARED_FACTS) {
    const fact = value[id];
    if (!isPlainObject(fact) || typeof fact.value !== 'string' || !isPhaseNumber(fact.givenIn)) continue;
    facts[id] = {
      value: fact.value,
      givenIn: fact.givenIn,
      updatedAt: typeof fact.updatedAt === 'string' ? fact.updatedAt : new Date(0).toISOString(),
    };
  }
  return facts;
}

/**
 * Answers this browser saved before facts were shared hold a copy per activity. Done once, as the
 * server's migration does: for each fact, the non-blank copy of the most recently saved activity (the
 * workspace metadata knows only the last one; then the fact's home, then the latest activity), given in
 * the earliest activity that held one; the copies and old ids leave the activities' answers.
 */
export function carryOverLocalFacts(store: StorageLike): LocalFacts {
  const phases = loadAllLocalPhaseData(store);
  const lastSaved = readWorkspaceMeta(store)?.lastPhase;
  const now = new Date().toISOString();
  const facts: LocalFacts = {};
  for (const fact of SHARED_FACTS) {
    const holders: { phase: number; value: string }[] = [];
    for (const phase of PHASE_NUMBERS) {
      const data = phases[phase];
      if (!data) continue;
      for (const [key, value] of Object.entries(data)) {
        if ((RENAMED[key] ?? key) === fact.id && typeof value === 'string' && value.trim() !== '') {
          holders.push({ phase, value });
        }
      }
    }
    if (holders.length === 0) continue;
    const chosen =
      holders.find((h) => h.phase === lastSaved) ??
      holders.find((h) => h.phase === fact.home) ??
      holders[holders.length - 1]!;
    facts[fact.id] = { value: chosen.value, givenIn: holders[0]!.phase, updatedAt: now };
  }
  const removed = new Set([...SHARED_FACTS.map((f) => f.id), ...Object.keys(RENAMED)]);
  for (const [phase, data] of Object.entries(phases)) {
    if (!Object.keys(data).some((key) => removed.has(key))) continue;
    saveLocalPhaseData(
      Number(phase),
      Object.fromEntries(Object.entries(data).filter(([key]) => !removed.has(key))),
      store,
    );
  }
  return facts;
}

/**
 * An answer to a fact that moved out of an activity (`MOVED`) becomes the fact, given in that activity,
 * unless the team has given the fact since; the copy leaves the activity's answers either way. Returns
 * whether the facts changed. Reads only the activities that held such a fact.
 */
function carryOverMovedFacts(store: StorageLike, facts: LocalFacts): boolean {
  let changed = false;
  for (const [id, phase] of Object.entries(MOVED)) {
    const data = loadLocalPhaseData(phase, store);
    if (!data || !Object.hasOwn(data, id)) continue;
    const value = data[id];
    if (!facts[id] && typeof value === 'string' && value.trim() !== '') {
      facts[id] = { value, givenIn: phase, updatedAt: new Date().toISOString() };
      changed = true;
    }
    // Written as it is kept, not as a save: the activity was not answered now.
    const rest = Object.fromEntries(Object.entries(data).filter(([key]) => key !== id));
    store.setItem(phaseDataKey(phase), JSON.stringify(rest));
  }
  return changed;
}

/** The practice facts; the first read carries answers saved in the old shape over (once). */
export function loadLocalFacts(storage?: StorageLike | null): LocalFacts {
  const store = resolveStorage(storage);
  if (!store) return {};
  try {
    if (store.getItem(SHARED_FACTS_KEY) !== null) {
      const facts = parseFacts(readJson(store, SHARED_FACTS_KEY));
      if (carryOverMovedFacts(store, facts)) store.setItem(SHARED_FACTS_KEY, JSON.stringify(facts));
      return facts;
    }
    const carried = carryOverLocalFacts(store);
    store.setItem(SHARED_FACTS_KEY, JSON.stringify(carried));
    return carried;
  } catch {
    return {};
  }
}

/** Writes the named facts (others kept), each keeping where it was first given. */
export function saveLocalFacts(
  values: Record<string, string>,
  givenIn: number,
  storage?: StorageLike | null,
): LocalFacts | null {
  const store = resolveStorage(storage);
  if (!store) return null;
  try {
    const facts = loadLocalFacts(store);
    const now = new Date().toISOString();
    for (const [id, value] of Object.entries(values)) {
      facts[id] = { value, givenIn: facts[id]?.givenIn ?? givenIn, updatedAt: now };
    }
    store.setItem(SHARED_FACTS_KEY, JSON.stringify(facts));
    const written = factWritesOf(store);
    for (const id of Object.keys(values)) written.set(id, { fact: facts[id]!, at: Date.now() });
    return facts;
  } catch {
    return null;
  }
}

/**
 * Two tabs that save facts at once can each write a copy that has not heard the other's save yet, and the
 * browser keeps the later copy whole (the same as for answers: lib/practice-storage.ts,
 * `rewriteLostPhaseChanges`). A tab remembers the facts it saved for a short while; after another tab's
 * write, a fact of its own that is missing or older there is written again. Each fact's time decides.
 */
const REWRITE_WINDOW_MS = 10_000;
const recentFactWrites = new WeakMap<StorageLike, Map<string, { fact: LocalFact; at: number }>>();

function factWritesOf(store: StorageLike) {
  const written = recentFactWrites.get(store) ?? new Map<string, { fact: LocalFact; at: number }>();
  recentFactWrites.set(store, written);
  return written;
}

/** Another tab cleared the browser's storage: nothing this tab saved is written again. */
export function forgetRecentFactWrites(storage?: StorageLike | null): void {
  const store = resolveStorage(storage);
  if (store) recentFactWrites.delete(store);
}

/** After another tab wrote the facts: writes again this tab's recent facts that write lost. True when it wrote. */
export function rewriteLostFacts(storage?: StorageLike | null): boolean {
  const store = resolveStorage(storage);
  if (!store) return false;
  const written = factWritesOf(store);
  try {
    // Removed (kept in a workspace, or discarded): nothing of this tab's is written back.
    if (store.getItem(SHARED_FACTS_KEY) === null) {
      written.clear();
      return false;
    }
    const facts = loadLocalFacts(store);
    const now = Date.now();
    let lost = false;
    for (const [id, { fact, at }] of written) {
      if (now - at > REWRITE_WINDOW_MS) written.delete(id);
      else if (!facts[id] || facts[id].updatedAt < fact.updatedAt) {
        facts[id] = fact;
        lost = true;
      }
    }
    if (lost) store.setItem(SHARED_FACTS_KEY, JSON.stringify(facts));
    return lost;
  } catch {
    return false;
  }
}

/** Forgets the practice facts (kept in a workspace, or discarded). */
export function clearLocalFacts(storage?: StorageLike | null): boolean {
  const store = resolveStorage(storage);
  if (!store) return false;
  recentFactWrites.delete(store);
  try {
    store.removeItem(SHARED_FACTS_KEY);
    return true;
  } catch {
    return false;
  }
}
