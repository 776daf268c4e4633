import { describe, expect, it } from 'vitest';
import { fieldText } from '../../shared/field-text.ts';
import { isChoiceField } from '../../shared/phase-config.ts';
import { PHASE_NUMBERS } from '../../shared/phases.ts';
import { renderAndLint } from '../../shared/programme-rendering-checks.ts';
import { listTemplatePlaceholders } from '../../shared/prompt-template.ts';
import { isSharedFactId } from '../../shared/shared-facts.ts';
import { workedExampleTeam } from '../../shared/worked-example.ts';
import {
  BUSINESS_BUYERS,
  BUSINESSES,
  REGULATED_SERVICES,
  STEADFAST_OCCUPATIONAL_HEALTH,
  WORKED_EXAMPLE,
} from '../../../testing/businesses.ts';
import { configOf, configs, pageTexts } from '../../../testing/phase-content.ts';

/**
 * What a team sees and gets fits its own business (docs/decisions/044-regulated-services.md): the built-in
 * guards refuse claims of certainty whatever the team typed; the form's help names no worked example, and
 * takes its examples from the team's profile where it is known; the choices fit a service as well as a
 * product (no music, a clinic shown as it is, the person a caller is sent to about their own records).
 */

const OTHERS = [...BUSINESSES, ...BUSINESS_BUYERS, ...REGULATED_SERVICES].filter((b) => b !== WORKED_EXAMPLE);
const example = workedExampleTeam(configs);

/** A team with only the required answers of every activity: the facts and answers some form requires. */
function requiredOnly(business: (typeof OTHERS)[number]) {
  const required = (phase: number, id: string) =>
    configOf(phase).fields.some((field) => field.id === id && field.required);
  const facts = Object.fromEntries(
    Object.entries(business.facts).filter(([id]) => configs.some((c) => required(c.phase, id))),
  );
  const answers = Object.fromEntries(
    PHASE_NUMBERS.map((phase) => [
      phase,
      Object.fromEntries(
        Object.entries(business.answers?.[phase] ?? {}).filter(([id]) => required(phase, id)),
      ),
    ]),
  );
  return { facts, answers };
}

describe('the claims a team must not make', () => {
  it('are asked once, in the business profile, and not required', () => {
    const askedIn = configs.filter((c) => c.fields.some((f) => f.id === 'claims_to_avoid'));
    expect(askedIn.map((c) => c.phase)).toEqual([1]);
    expect(configOf(1).fields.find((f) => f.id === 'claims_to_avoid')?.required).toBe(false);
  });

  const guards = ['100%', 'never wrong', 'guaranteed results', 'fully compliant'];

  it.each([3, 4, 5, 6, 7, 8])(
    'activity %i refuses claims of certainty and accuracy on its own, for a team that wrote no claims',
    (phase) => {
      for (const team of [{ facts: {}, answers: {} }, ...OTHERS.map(requiredOnly)]) {
        const { text, problems } = renderAndLint(configOf(phase), team.answers, team.facts);
        expect(problems).toEqual([]);
        for (const guard of guards) expect(text, guard).toContain(guard);
      }
    },
  );

  it('reach every activity that writes copy from the profile, with required fields only', () => {
    const team = requiredOnly(STEADFAST_OCCUPATIONAL_HEALTH);
    const claims = STEADFAST_OCCUPATIONAL_HEALTH.facts.claims_to_avoid!;
    for (const phase of [3, 4, 5, 6, 7, 8]) {
      const facts = { ...team.facts, claims_to_avoid: claims };
      expect(renderAndLint(configOf(phase), team.answers, facts).text, `activity ${phase}`).toContain(claims);
    }
  });
});

/** Words that name the worked example (BrightSpark Labs, its SunBot kits for children). */
const WORKED_EXAMPLE_WORDS =
  /BrightSpark|SunBot|\bSTEM\b|robot kit|\bNova\b|sunshine|#F5A623|children aged 6-12|worked example/i;

describe('the form', () => {
  it.each(PHASE_NUMBERS)(
    "activity %i: no help, tooltip or option names the worked example (its placeholders are labelled as the worked example's)",
    (phase) => {
      const leaks = configOf(phase).fields.flatMap((field) =>
        [field.help, field.tooltip, ...(field.options ?? []).flatMap((o) => [o.label, o.description])]
          .filter((text): text is string => typeof text === 'string' && WORKED_EXAMPLE_WORDS.test(text))
          .map((text) => `${field.id}: ${text}`),
      );
      expect(leaks).toEqual([]);
    },
  );

  it.each(PHASE_NUMBERS)(
    'activity %i: a page text that uses the worked example says it is the worked example',
    (phase) => {
      const unlabelled = pageTexts(configOf(phase))
        .filter(({ where }) => !where.startsWith('field '))
        .flatMap(({ where, text }) => text.split(/(?<=[.;!?])\s+/).map((sentence) => ({ where, sentence })))
        .filter(({ sentence }) => /BrightSpark|SunBot|\bSTEM\b|\bNova\b|sunshine/i.test(sentence))
        .filter(({ sentence }) => !/worked example/i.test(sentence));
      expect(unlabelled).toEqual([]);
    },
  );

  /** Every help text and tooltip that follows the profile, with the fields it belongs to. */
  const profiled = configs.flatMap((config) =>
    config.fields.flatMap((field) =>
      [field.help, field.tooltip]
        .filter((text): text is string => typeof text === 'string' && text.includes('{{'))
        .map((text) => ({ phase: config.phase, field: field.id, text })),
    ),
  );

  it('has help that follows the profile: neutral until it is known, then the team’s own', () => {
    expect(profiled.map((p) => `${p.phase} ${p.field}`)).toEqual(['5 price_tier', '8 launch_note']);
    for (const { phase, field, text } of profiled) {
      // It reads only the shared facts, each shown only where it is given.
      for (const path of listTemplatePlaceholders(text)) expect(isSharedFactId(path), path).toBe(true);
      const neutral = fieldText(text, {});
      expect(neutral, `${phase} ${field}`).not.toContain('{{');
      expect(neutral).not.toMatch(WORKED_EXAMPLE_WORDS);
      for (const business of OTHERS) {
        const own = fieldText(text, business.facts);
        expect(own, `${business.name}: ${phase} ${field}`).not.toContain('{{');
      }
    }
    const price = profiled.find((p) => p.field === 'price_tier')!.text;
    expect(fieldText(price, STEADFAST_OCCUPATIONAL_HEALTH.facts)).toContain(
      `(${STEADFAST_OCCUPATIONAL_HEALTH.facts.sector}), per visit, per session or per contract`,
    );
    const button = profiled.find((p) => p.field === 'launch_note')!.text;
    expect(fieldText(button, STEADFAST_OCCUPATIONAL_HEALTH.facts)).toContain('"Book a 20-minute call"');
    expect(fieldText(button, { customer_type: 'consumers' })).not.toContain('20-minute call');
  });
});

describe('the choices', () => {
  const assets = (own: Record<string, string>, facts: Record<string, unknown> = {}) =>
    renderAndLint(
      configOf(6),
      { ...example.team, 6: { ...example.team[6], ...own } },
      { ...example.facts, ...facts },
    );

  it('let a team make its video without music', () => {
    const music = configOf(6).fields.find((f) => f.id === 'music_genre')!;
    expect(isChoiceField(music) && music.required).toBe(true);
    expect(music.options?.map((o) => o.value)).toContain('none');
    const silent = assets({ music_genre: 'none' });
    expect(silent.problems).toEqual([]);
    expect(silent.text).toContain('Music: none.');
    expect(silent.text).not.toMatch(/music prompt|Music prompt/);
    expect(assets({ music_genre: 'lofi' }).text).toContain('**Music prompt**');
  });

  it('never show a person being tested, treated or advised, and let a clinic be shown as it is', () => {
    const text = assets(
      {},
      { sensitive_areas: 'health, advice, employment', customer_type: 'businesses' },
    ).text;
    expect(text).toContain('Show no one being tested, examined or treated');
    expect(text).toContain('Show no client being advised on their own case');
    expect(text).toContain('Show no worker being tested, checked or watched');
    expect(text).toContain('A clinical setting is fine where it is where our service really happens');
    expect(text).not.toContain('no clinical settings');
  });

  it('send a caller who asks about their own records to the person the team named, or the person responsible for records', () => {
    for (const area of ['personal_data', 'health', 'employment']) {
      const { text, problems } = renderAndLint(configOf(7), example.team, {
        ...example.facts,
        sensitive_areas: area,
      });
      expect(problems, area).toEqual([]);
      expect(text, area).toContain(
        'the person our boundaries above name for it, or else "the person responsible for records"',
      );
      expect(text, area).not.toMatch(/hand anyone asking about their own data to our team/);
    }
    const health = renderAndLint(configOf(7), example.team, { ...example.facts, sensitive_areas: 'health' });
    expect(health.text).not.toContain('pharmacist');
    expect(health.text).toContain(
      'their own doctor or to the health professional responsible for their care or test',
    );
  });
});
