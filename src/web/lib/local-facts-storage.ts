import { isPhaseNumber, PHASE_NUMBERS } from '../../shared/phases.ts';
import { SHARED_FACTS } from '../../shared/shared-facts.ts';
import { isPlainObject, readJson, resolveStorage, type StorageLike } from './browser-storage.ts';
import { loadAllLocalPhaseData, SHARED_FACTS_KEY, saveLocalPhaseData } from './practice-storage.ts';
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

/** The practice facts; the first read carries answers saved in the old shape over (once). */
export function loadLocalFacts(storage?: StorageLike | null): LocalFacts {
  const store = resolveStorage(storage);
  if (!store) return {};
  try {
    if (store.getItem(SHARED_FACTS_KEY) !== null) return parseFacts(readJson(store, SHARED_FACTS_KEY));
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
    return facts;
  } catch {
    return null;
  }
}

/** Forgets the practice facts (kept in a workspace, or discarded). */
export function clearLocalFacts(storage?: StorageLike | null): boolean {
  const store = resolveStorage(storage);
  if (!store) return false;
  try {
    store.removeItem(SHARED_FACTS_KEY);
    return true;
  } catch {
    return false;
  }
}
