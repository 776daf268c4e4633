import type { Team } from '@shared/schemas/team';
import { describe, expect, it } from 'vitest';
import type { WorkspaceMeta } from '@/lib/workspace-meta';
import { resolveWorkspace, type WorkspaceInputs } from './resolve-workspace';

const team = (code: string, id = `id-${code}`): Team => ({
  id,
  code,
  name: `Team ${code}`,
  avatarIcon: null,
  currentPhase: 3,
  cohortTag: null,
  accessToken: `token-${code}`,
  submittedWebsiteUrl: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const record = (code: string): WorkspaceMeta => ({
  teamId: `id-${code}`,
  teamCode: code,
  teamName: `Team ${code}`,
  avatarIcon: 'owl.svg',
  lastAccessed: '2026-11-01T00:00:00.000Z',
  version: '1.0',
});
const pending = { status: 'pending', data: undefined } as const;
const failed = { status: 'error', data: undefined } as const;
const ok = <T>(data: T) => ({ status: 'success', data }) as const;

function resolve(inputs: Partial<WorkspaceInputs>) {
  return resolveWorkspace({
    urlCode: undefined,
    session: pending,
    lookup: undefined,
    remembered: null,
    ...inputs,
  });
}

describe('resolveWorkspace without a code in the URL', () => {
  it('believes the session: its team, or none', () => {
    expect(resolve({ session: ok(team('AB12')) })).toMatchObject({ team: { code: 'AB12' }, settled: true });
    expect(resolve({ session: ok(null), remembered: record('AB12') })).toMatchObject({
      team: null,
      settled: true,
      loading: false,
    });
  });

  it('shows the session even when this browser has no local record of it', () => {
    expect(resolve({ session: ok(team('CD34')), remembered: null }).team?.code).toBe('CD34');
  });

  it('shows the local record while the session loads, without settling', () => {
    expect(resolve({ remembered: record('AB12') })).toMatchObject({
      team: { id: 'id-AB12', code: 'AB12', name: 'Team AB12', avatarIcon: 'owl.svg' },
      settled: false,
      loading: false,
    });
  });

  it('a first visit: nothing to show and nothing to wait for on screen, but not settled', () => {
    expect(resolve({})).toMatchObject({ team: null, loading: false, settled: false, lookupCode: undefined });
  });

  it('offline: the local record stands in and the answer is final', () => {
    expect(resolve({ session: failed, remembered: record('AB12') })).toMatchObject({
      team: { code: 'AB12' },
      settled: true,
    });
    expect(resolve({ session: failed })).toMatchObject({ team: null, settled: true });
  });
});

describe('resolveWorkspace with a code in the URL', () => {
  it('needs no look-up when the session is that workspace', () => {
    expect(resolve({ urlCode: 'AB12', session: ok(team('AB12')) })).toMatchObject({
      team: { code: 'AB12', currentPhase: 3 },
      lookupCode: undefined,
      adopt: undefined,
      settled: true,
    });
  });

  it('waits for the session when the local record is that workspace', () => {
    expect(resolve({ urlCode: 'AB12', remembered: record('AB12') })).toMatchObject({
      team: { code: 'AB12' },
      lookupCode: undefined,
      loading: false,
    });
  });

  it('looks the code up on a new device while the session loads, then shows what it found', () => {
    expect(resolve({ urlCode: 'AB12' })).toMatchObject({ team: null, loading: true, lookupCode: 'AB12' });
    expect(resolve({ urlCode: 'AB12', lookup: ok(team('AB12')) })).toMatchObject({
      team: { code: 'AB12' },
      adopt: undefined,
      loading: false,
    });
  });

  it('logs in to the looked-up workspace once the session is known to be none', () => {
    const found = team('AB12');
    expect(resolve({ urlCode: 'AB12', session: ok(null), lookup: ok(found) })).toMatchObject({
      team: { code: 'AB12' },
      adopt: found,
      confirm: undefined,
    });
  });

  it('asks before switching when another workspace is open, showing the open one meanwhile', () => {
    const found = team('AB12');
    expect(resolve({ urlCode: 'AB12', session: ok(team('ZZ99')), lookup: ok(found) })).toMatchObject({
      team: { code: 'ZZ99' },
      adopt: undefined,
      confirm: found,
      settled: true,
    });
  });

  it('a link for the open workspace asks nothing', () => {
    expect(resolve({ urlCode: 'ZZ99', session: ok(team('ZZ99')), lookup: ok(team('ZZ99')) })).toMatchObject({
      team: { code: 'ZZ99' },
      adopt: undefined,
      confirm: undefined,
    });
  });

  it('looks up when the session turned out not to be the remembered workspace', () => {
    expect(resolve({ urlCode: 'AB12', session: ok(null), remembered: record('AB12') })).toMatchObject({
      lookupCode: 'AB12',
      team: null,
      loading: true,
    });
  });

  it('an unknown code: no workspace, settled', () => {
    expect(resolve({ urlCode: 'ZZZ9', session: ok(null), lookup: ok(null) })).toMatchObject({
      team: null,
      settled: true,
      loading: false,
      adopt: undefined,
    });
  });

  it('a failed look-up falls back to the local record for the same code only', () => {
    expect(
      resolve({ urlCode: 'AB12', session: failed, lookup: failed, remembered: record('AB12') }),
    ).toMatchObject({ team: { code: 'AB12' }, settled: true });
    expect(
      resolve({ urlCode: 'AB12', session: ok(null), lookup: failed, remembered: record('CD34') }),
    ).toMatchObject({ team: null, settled: true, loading: false });
  });
});
