import { describe, expect, it, vi } from 'vitest';
import {
  clearLocalFacts,
  loadLocalFacts,
  rewriteLostFacts,
  SHARED_FACTS_KEY,
  saveLocalFacts,
} from './local-facts-storage.ts';
import { loadAllLocalPhaseData } from './practice-storage.ts';
import type { StorageLike } from './browser-storage.ts';
import { WORKSPACE_META_KEY } from './workspace-meta.ts';

class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

const brief = (facts: ReturnType<typeof loadLocalFacts>) =>
  Object.fromEntries(Object.entries(facts).map(([id, f]) => [id, [f.value, f.givenIn]]));

describe('practice facts', () => {
  it('carry answers saved in the old shape over once, as the server migration does', () => {
    const store = new MemoryStorage();
    store.setItem(
      'phase1_data',
      JSON.stringify({ company_name: 'Old Name', sector: 'Toys', research_goal: 'g' }),
    );
    // The old key of activity 2 moves too; its rename of the company and its old id are carried.
    store.setItem(
      'phase2',
      JSON.stringify({ company_name: 'New Name', our_position: 'Kits at $49', sector: ' ' }),
    );
    store.setItem('phase5_data', JSON.stringify({ concept_name: 'SunBot Grow' }));
    store.setItem('phase6_data', JSON.stringify({ concept_name: 'SunBot Grow 2', asset_type: 'image' }));
    store.setItem('phase8_data', JSON.stringify({ problem_solved: 'Forgotten kits' }));
    // The workspace metadata knows activity 2 was saved last.
    store.setItem(
      WORKSPACE_META_KEY,
      JSON.stringify({
        teamId: 'local',
        teamCode: '',
        teamName: '',
        avatarIcon: null,
        lastAccessed: '2026-01-01T00:00:00Z',
        version: '1.0',
        lastPhase: 2,
      }),
    );

    expect(brief(loadLocalFacts(store))).toEqual({
      company_name: ['New Name', 1],
      sector: ['Toys', 1],
      current_offer: ['Kits at $49', 2],
      // Without times, the home activity wins over a later copy.
      concept_name: ['SunBot Grow', 5],
      unmet_need: ['Forgotten kits', 8],
    });
    expect(loadAllLocalPhaseData(store)).toEqual({
      1: { research_goal: 'g' },
      2: {},
      5: {},
      6: { asset_type: 'image' },
      8: {},
    });

    // Once: a later edit is not undone by carrying over again.
    saveLocalFacts({ company_name: 'Renamed' }, 3, store);
    expect(brief(loadLocalFacts(store)).company_name).toEqual(['Renamed', 1]);
  });

  it('carry over the claims not to make, once an activity of their own, when facts are already kept', () => {
    const store = new MemoryStorage();
    saveLocalFacts({ company_name: 'Harbour Roasters' }, 1, store);
    store.setItem(
      'phase3_data',
      JSON.stringify({ core_benefit: 'Fresh', claims_to_avoid: 'best in Britain' }),
    );
    expect(brief(loadLocalFacts(store))).toEqual({
      company_name: ['Harbour Roasters', 1],
      claims_to_avoid: ['best in Britain', 3],
    });
    expect(loadAllLocalPhaseData(store)).toEqual({ 3: { core_benefit: 'Fresh' } });
    // Read again, nothing moves twice; a copy left by an old tab does not overwrite the team's later edit.
    saveLocalFacts({ claims_to_avoid: 'best coffee anywhere' }, 1, store);
    store.setItem('phase3_data', JSON.stringify({ core_benefit: 'Fresh', claims_to_avoid: 'old words' }));
    expect(brief(loadLocalFacts(store)).claims_to_avoid).toEqual(['best coffee anywhere', 3]);
    expect(loadAllLocalPhaseData(store)).toEqual({ 3: { core_benefit: 'Fresh' } });
  });

  it('carry the claims not to make over with the other facts from answers saved before facts were shared', () => {
    const store = new MemoryStorage();
    store.setItem('phase3_data', JSON.stringify({ core_benefit: 'Fresh', claims_to_avoid: 'cures colds' }));
    expect(brief(loadLocalFacts(store))).toEqual({ claims_to_avoid: ['cures colds', 3] });
    expect(loadAllLocalPhaseData(store)).toEqual({ 3: { core_benefit: 'Fresh' } });
  });

  it('keep the business profile of Activity 1 in practice mode too', () => {
    const store = new MemoryStorage();
    saveLocalFacts({ customer_type: 'consumers', sensitive_areas: 'food', rule_regions: 'uk' }, 1, store);
    expect(brief(loadLocalFacts(store))).toEqual({
      customer_type: ['consumers', 1],
      sensitive_areas: ['food', 1],
      rule_regions: ['uk', 1],
    });
  });

  it('keep where a fact was first given, write only the named facts, and clear', () => {
    const store = new MemoryStorage();
    saveLocalFacts({ company_name: 'A', sector: 'S' }, 2, store);
    saveLocalFacts({ company_name: 'B', concept_name: 'C' }, 5, store);
    expect(brief(loadLocalFacts(store))).toEqual({
      company_name: ['B', 2],
      sector: ['S', 2],
      concept_name: ['C', 5],
    });
    expect(clearLocalFacts(store)).toBe(true);
    expect(store.getItem(SHARED_FACTS_KEY)).toBeNull();
    expect(loadLocalFacts(store)).toEqual({});
  });

  it('ignore what is not a fact in the stored record, and give nothing when storage is blocked', () => {
    const store = new MemoryStorage();
    store.setItem(
      SHARED_FACTS_KEY,
      JSON.stringify({
        company_name: { value: 'X', givenIn: 9 },
        sector: { value: 'S', givenIn: 1 },
        other: 1,
      }),
    );
    expect(brief(loadLocalFacts(store))).toEqual({ sector: ['S', 1] });
    const blocked: StorageLike = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(loadLocalFacts(blocked)).toEqual({});
    expect(saveLocalFacts({ sector: 'S' }, 1, blocked)).toBeNull();
  });
});

describe('two tabs saving facts at once', () => {
  it("writes this tab's fact again when the other tab's copy lost it; a later fact of the other tab wins", () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
      const store = new MemoryStorage();
      saveLocalFacts({ company_name: 'Tab One Co' }, 1, store);
      // The other tab's copy had not heard that save: it writes its own fact alone.
      const theirs = { value: 'Tab two sector', givenIn: 1, updatedAt: '2026-11-27T10:00:00.050Z' };
      store.setItem(SHARED_FACTS_KEY, JSON.stringify({ sector: theirs }));
      expect(rewriteLostFacts(store)).toBe(true);
      expect(loadLocalFacts(store)).toMatchObject({
        company_name: { value: 'Tab One Co' },
        sector: { value: 'Tab two sector' },
      });
      expect(rewriteLostFacts(store)).toBe(false);

      // The other tab saved the same fact later: its value stays.
      const later = { value: 'Their Co', givenIn: 1, updatedAt: '2026-11-27T10:00:01.000Z' };
      store.setItem(SHARED_FACTS_KEY, JSON.stringify({ company_name: later, sector: theirs }));
      expect(rewriteLostFacts(store)).toBe(false);
      expect(loadLocalFacts(store).company_name?.value).toBe('Their Co');

      // Removed (kept in a workspace): nothing comes back.
      saveLocalFacts({ company_name: 'Mine again' }, 1, store);
      store.removeItem(SHARED_FACTS_KEY);
      expect(rewriteLostFacts(store)).toBe(false);
      store.setItem(SHARED_FACTS_KEY, '{}');
      expect(rewriteLostFacts(store)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
