import { describe, expect, it } from 'vitest';
import { planFollow } from './follow-remote.ts';

const fields = ['company', 'sector', 'region', 'audience'];

function follow(options: {
  remote: Record<string, string>;
  seen: Record<string, string>;
  shown: Record<string, string>;
  focused?: string[];
  unsaved?: string[];
  sent?: Record<string, string>;
  typed?: string[];
}) {
  return planFollow({
    fields,
    remote: options.remote,
    seen: options.seen,
    shown: (f) => options.shown[f] ?? '',
    sentHere: (f, v) => options.sent?.[f] === v,
    editing: (f) => Boolean(options.focused?.includes(f) || options.unsaved?.includes(f)),
    typedHere: (f) => Boolean(options.typed?.includes(f)),
  });
}

describe('following remote answers', () => {
  it('updates fields nobody edits here and notes a focused or unsaved one instead', () => {
    const seen = { company: '', sector: '', region: '', audience: '' };
    const plan = follow({
      remote: { company: 'Acme', sector: 'Toys', region: 'EU', audience: '' },
      seen,
      shown: { company: '', sector: 'Mine typing', region: 'Mine unsaved' },
      focused: ['sector'],
      unsaved: ['region'],
    });
    expect(plan.set).toEqual({ company: 'Acme' });
    expect(plan.notes).toEqual({
      company: null,
      sector: { kind: 'offered', value: 'Toys' },
      region: { kind: 'offered', value: 'EU' },
    });
    expect(seen).toEqual({ company: 'Acme', sector: 'Toys', region: 'EU', audience: '' });
  });

  it('acts only on values that changed since last seen, so a stale read never reverts a field', () => {
    const plan = follow({
      remote: { company: 'Acme' },
      seen: { company: 'Acme' },
      shown: { company: 'Acme Ltd (typed, being saved)' },
    });
    expect(plan).toEqual({ set: {}, notes: {} });
  });

  it("ignores the echo of this page's own save, and settles a note once both sides agree", () => {
    expect(
      follow({
        remote: { company: 'Mine' },
        seen: { company: '' },
        shown: { company: 'Mine and more' },
        unsaved: ['company'],
        sent: { company: 'Mine' },
      }),
    ).toEqual({ set: {}, notes: {} });
    expect(
      follow({
        remote: { sector: 'Same' },
        seen: { sector: 'Old' },
        shown: { sector: 'Same' },
        focused: ['sector'],
      }),
    ).toEqual({ set: {}, notes: { sector: null } });
  });

  it('takes a value this page once sent when the field is not being edited (it may have changed since)', () => {
    expect(
      follow({
        remote: { company: 'Acme' },
        seen: { company: 'Beta' },
        shown: { company: 'Beta' },
        sent: { company: 'Acme' },
      }),
    ).toEqual({ set: { company: 'Acme' }, notes: { company: null } });
  });

  it('follows a field cleared elsewhere like any other change', () => {
    const plan = follow({ remote: {}, seen: { region: 'EU' }, shown: { region: 'EU' } });
    expect(plan).toEqual({ set: { region: '' }, notes: { region: null } });
  });

  it('replaces text typed here that is no longer being edited, and keeps it one click away in a note', () => {
    // A laptop typed "the United Kingdom" and saved it; a phone's "Germany" landed later.
    expect(
      follow({
        remote: { region: 'Germany' },
        seen: { region: 'the United Kingdom' },
        shown: { region: 'the United Kingdom' },
        typed: ['region'],
      }),
    ).toEqual({
      set: { region: 'Germany' },
      notes: { region: { kind: 'replaced', value: 'Germany', mine: 'the United Kingdom' } },
    });
    // Still being edited here: the text stays and the other version is offered instead.
    expect(
      follow({
        remote: { region: 'Germany' },
        seen: { region: '' },
        shown: { region: 'the United Kingdom' },
        typed: ['region'],
        focused: ['region'],
      }).notes,
    ).toEqual({ region: { kind: 'offered', value: 'Germany' } });
    // A value this page never typed follows quietly.
    expect(
      follow({ remote: { region: 'Germany' }, seen: { region: 'EU' }, shown: { region: 'EU' } }).notes,
    ).toEqual({ region: null });
  });
});
