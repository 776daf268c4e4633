import { describe, expect, it } from 'vitest';
import { PHASE_NUMBERS } from '../../shared/phases.ts';
import { renderAndLint } from '../../shared/programme-rendering-checks.ts';
import { sharedFact } from '../../shared/shared-facts.ts';
import type { TeamAnswers } from '../../shared/template-context.ts';
import { type Area, CAUTIONS } from '../../../testing/area-cautions.ts';
import { type Business, MARLOW_PAYROLL, PROFESSIONAL_SERVICES } from '../../../testing/businesses.ts';
import { configOf, configs, pageTexts } from '../../../testing/phase-content.ts';

/**
 * How the business profile shapes each activity (docs/product.md, How the business profile shapes each
 * activity): every activity rendered for every kind of offer (and none given) with every sensitive area, and
 * with an area in the team's own words or none. The text of the offer and the areas chosen appears; the text of
 * any other does not; no prompt has a hole. Pure rendering, no database: about 2,000 prompts in a few seconds.
 */

const OFFERS = ['product', 'software', 'professional_service', 'in_person_service', 'mix', ''] as const;
type Offer = (typeof OFFERS)[number];

const AREAS = sharedFact('sensitive_areas')!.field.options!.map((o) => o.value);

/**
 * Lines only some kinds of offer write, with the activities they are in and the offers that write them (''
 * is a profile with no kind of offer given): each must be in those prompts exactly when the offer is one of
 * them. Read for a team that sells to businesses, with no price or launch note yet and a booking goal.
 */
const OFFER_LINES: { line: string; phases: readonly number[]; offers: readonly Offer[] }[] = [
  { line: 'What we sell is a physical product.', phases: [1, 2, 4, 5, 7, 8], offers: ['product'] },
  { line: 'What we sell is software.', phases: [1, 2, 4, 5, 7, 8], offers: ['software'] },
  {
    line: 'What we sell is a professional service',
    phases: [1, 2, 3, 4, 5, 7, 8],
    offers: ['professional_service'],
  },
  {
    line: 'What we sell is a service delivered in person',
    phases: [1, 2, 3, 4, 5, 7, 8],
    offers: ['in_person_service'],
  },
  {
    line: 'What we sell is a mix of product, software and service',
    phases: [1, 2, 4, 5, 7, 8],
    offers: ['mix'],
  },
  // The first step a buyer takes.
  { line: 'book consultations with clients we can help', phases: [7], offers: ['professional_service'] },
  { line: 'book visits or calls with buyers we can serve', phases: [7], offers: ['in_person_service'] },
  {
    line: 'book demos with buyers the product fits',
    phases: [7],
    offers: ['product', 'software', 'mix', ''],
  },
  { line: 'takes (a consultation or a call:', phases: [8], offers: ['professional_service'] },
  { line: 'takes (a visit or a call:', phases: [8], offers: ['in_person_service'] },
  { line: 'takes (a demo, a call or a trial:', phases: [8], offers: ['software'] },
  { line: 'takes (a quote, a sample or a call:', phases: [8], offers: ['product'] },
  // The facts a buyer checks.
  {
    line: 'qualifications, insurance, who regulates us, and fees',
    phases: [8],
    offers: ['professional_service'],
  },
  {
    line: 'fees and what they cover, insurance and who regulates us',
    phases: [7],
    offers: ['professional_service'],
  },
  { line: 'security, integrations, where data is kept, contract length', phases: [8], offers: ['software'] },
  { line: 'An integration the facts do not list.', phases: [7], offers: ['product', 'software', 'mix', ''] },
  // The price models offered.
  {
    line: '(a fixed fee, a fee per case or matter, a monthly retainer or an hourly rate)',
    phases: [2, 4, 5],
    offers: ['professional_service'],
  },
  {
    line: '(a price per visit or session, a package of sessions, or a contract for regular visits)',
    phases: [2, 4, 5],
    offers: ['in_person_service'],
  },
  {
    line: '(per seat, per unit or device, by usage, or an annual contract)',
    phases: [2, 4, 5],
    offers: ['software'],
  },
  {
    line: '(a price per unit, volume pricing, or a supply contract)',
    phases: [2, 4, 5],
    offers: ['product'],
  },
  // Pictures: a service shows the work and its setting.
  {
    line: 'We sell a professional service: show the work and its setting, never anyone receiving advice',
    phases: [6],
    offers: ['professional_service'],
  },
  {
    line: 'We sell a service delivered in person: show the work and its setting, never anyone receiving a treatment, a test or the service itself',
    phases: [6],
    offers: ['in_person_service'],
  },
  { line: 'Where an asset shows our service, show the work and its setting', phases: [6], offers: ['mix'] },
  { line: 'no court or tribunal hearing', phases: [6], offers: ['professional_service', 'mix'] },
  {
    line: "none of our clients' employees or customers",
    phases: [6],
    offers: ['professional_service', 'in_person_service', 'mix'],
  },
  { line: 'never as someone receiving advice', phases: [6], offers: ['professional_service'] },
  { line: "a client's site seen from outside", phases: [6], offers: ['professional_service'] },
  {
    line: 'people from our audience using it where they really would',
    phases: [6],
    offers: ['product', 'software', 'mix', ''],
  },
  // Evidence that counts for a service.
  {
    line: 'the evidence that counts is what happened to clients',
    phases: [3],
    offers: ['professional_service'],
  },
  {
    line: 'the evidence that counts is what happened to customers',
    phases: [3],
    offers: ['in_person_service'],
  },
];

/** Lines only some kinds of offer write for a team that sells to consumers (a clinic, a salon, a firm of lawyers). */
const CONSUMER_OFFER_LINES: { line: string; phases: readonly number[]; offers: readonly Offer[] }[] = [
  {
    line: 'who does the work and their qualifications, fees and what they cover, how to book',
    phases: [7],
    offers: ['professional_service'],
  },
  { line: 'how to book or cancel an appointment', phases: [7], offers: ['in_person_service'] },
  {
    line: 'product, who it suits and safety, using it, delivery, returns, contact',
    phases: [7],
    offers: ['product', 'software', 'mix', ''],
  },
  { line: 'booking a first consultation', phases: [8], offers: ['professional_service'] },
  { line: 'booking a visit or an appointment', phases: [8], offers: ['in_person_service'] },
  { line: '(prices, delivery, returns, contact)', phases: [8], offers: ['product', 'software', 'mix', ''] },
];

/** A line only one area writes where CAUTIONS has none: children and food, and the pictures of adults only. */
const MORE_AREA_LINES: { line: string; phase: number; areas: readonly string[] }[] = [
  { line: 'Our product or service is made for or used by children', phase: 1, areas: ['children'] },
  { line: 'If children appear, show them as generic', phase: 6, areas: ['children'] },
  { line: 'We sell food or drink', phase: 1, areas: ['food'] },
  { line: 'Show food and drink as customers will really get it', phase: 6, areas: ['food'] },
  {
    line: 'Show only adults: no one under 18 appears in any asset.',
    phase: 6,
    areas: AREAS.filter((a) => a !== 'children'),
  },
  { line: 'on the medical scale', phase: 3, areas: ['health'] },
];

const OWN_AREA = 'tenants whose rent is in arrears';

/** A business-to-business team: the payroll bureau's answers, with no price or launch note yet and a booking goal. */
function baseTeam(business: Business): { facts: Record<string, string>; answers: TeamAnswers } {
  const answers = structuredClone(business.answers ?? {});
  answers[5] = { ...answers[5], price_terms: '', brief_reader: 'internal' };
  answers[6] = { ...answers[6], perspective: 'lifestyle' };
  answers[7] = { ...answers[7], primary_goal: 'demo', knowledge_handling: 'knowledge_base' };
  answers[8] = { ...answers[8], launch_note: '' };
  return { facts: { ...business.facts }, answers };
}

/** A hole: a tag left, an empty bullet or item, a sentence that stops, brackets or punctuation with nothing in. */
function holes(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\{\{[^}]*\}\}/,
    /^\s*[-*]\s*$/m,
    /^\s*\d+\.\s*$/m,
    /\(\s*\)/,
    /\s[,.;:](?=\s|$)/,
    /[,;:]\s*\.(?!\.)/,
    /\b(and|or|the|a|of|for|with)\s*[.:]\s*$/m,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) {
      const at = match.index;
      found.push(`${pattern}: …${text.slice(Math.max(0, at - 60), at + 40)}…`);
    }
  }
  return found;
}

describe.each(PHASE_NUMBERS)('activity %i, for every kind of offer and every sensitive area', (phase) => {
  const base = baseTeam(MARLOW_PAYROLL);

  it.each(OFFERS.map((offer) => [offer || 'no kind of offer given', offer] as const))(
    '%s: the lines of that offer and of the ticked area only, and no hole',
    (_name, offer) => {
      for (const customers of ['businesses', 'consumers', 'both']) {
        for (const area of AREAS) {
          for (const own of [OWN_AREA, '']) {
            const facts = {
              ...base.facts,
              customer_type: customers,
              offer_kind: offer,
              sensitive_areas: area,
              own_sensitive_area: own,
            };
            const where = `${customers}, ${offer || 'no offer'}, ${area}, ${own ? 'own area' : 'no own area'}`;
            const { text, problems } = renderAndLint(configOf(phase), base.answers, facts);
            expect(problems, where).toEqual([]);
            expect(holes(text), where).toEqual([]);
            // An area ticked writes its lines, an area not ticked none of them.
            for (const other of Object.keys(CAUTIONS) as Exclude<Area, 'children'>[]) {
              const line = CAUTIONS[other][phase];
              if (line) expect(text.includes(line), `${where}: ${other} "${line}"`).toBe(other === area);
            }
            for (const { line, areas } of MORE_AREA_LINES.filter((l) => l.phase === phase)) {
              expect(text.includes(line), `${where}: "${line}"`).toBe(areas.includes(area));
            }
            // The team's own area, in its words, in every activity after the profile's but the competitors'.
            if (phase !== 2) expect(text.includes(OWN_AREA), `${where}: own area`).toBe(own !== '');
            expect(/also sensitive for us/i.test(text), `${where}: own area line`).toBe(
              own !== '' && phase !== 2,
            );
            if (customers === 'consumers') {
              for (const { line, phases, offers } of CONSUMER_OFFER_LINES) {
                if (phases.includes(phase)) {
                  expect(text.includes(line), `${where}: "${line}"`).toBe(offers.includes(offer));
                }
              }
            }
            if (customers !== 'businesses') continue;
            for (const { line, phases, offers } of OFFER_LINES) {
              if (!phases.includes(phase)) {
                expect(text.includes(line), `${where}: "${line}" outside its activities`).toBe(false);
                continue;
              }
              expect(text.includes(line), `${where}: "${line}"`).toBe(offers.includes(offer));
            }
          }
        }
      }
    },
  );
});

describe("a team's stored answer from before the areas were split", () => {
  it('"employment" still means screening or monitoring workers, and writes no line of the new areas', () => {
    const { facts, answers } = baseTeam(MARLOW_PAYROLL);
    for (const phase of PHASE_NUMBERS) {
      const { text } = renderAndLint(configOf(phase), answers, {
        ...facts,
        sensitive_areas: 'health, employment',
      });
      const line = CAUTIONS.employment[phase];
      if (line) expect(text, `activity ${phase}`).toContain(line);
      for (const split of ['employment_advice', 'staff_records'] as const) {
        const other = CAUTIONS[split][phase];
        if (other) expect(text, `activity ${phase}`).not.toContain(other);
      }
    }
  });
});

describe('the three professional services of the tests', () => {
  const softwareWords = [
    /\bintegrations?\b/i,
    /\bper seat\b/i,
    /\bapp stores?\b/i,
    /\bdemos?\b/i,
    /\bscreenshot/i,
  ];

  it.each(PROFESSIONAL_SERVICES.map((b) => [b.name, b] as const))(
    '%s: no line for software or a product in any activity, fully filled in or with required answers only',
    (_name, business) => {
      const required = (phase: number, id: string) =>
        configs.some((c) =>
          c.fields.some((f) => f.id === id && f.required && (c.phase === phase || phase === 0)),
        );
      type Team = { facts: Record<string, string>; answers: Record<number, Record<string, string>> };
      const full: Team = { facts: business.facts, answers: business.answers ?? {} };
      const minimal: Team = {
        facts: Object.fromEntries(Object.entries(business.facts).filter(([id]) => required(0, id))),
        answers: Object.fromEntries(
          PHASE_NUMBERS.map((phase) => [
            phase,
            Object.fromEntries(
              Object.entries(business.answers?.[phase] ?? {}).filter(([id]) => required(phase, id)),
            ),
          ]),
        ),
      };
      const stages: [string, Team][] = [
        ['fully filled in', full],
        ['required only', minimal],
      ];
      for (const [stage, team] of stages) {
        for (const phase of PHASE_NUMBERS) {
          const { text, problems } = renderAndLint(configOf(phase), team.answers, team.facts);
          expect(problems, `${stage}, activity ${phase}`).toEqual([]);
          expect(holes(text), `${stage}, activity ${phase}`).toEqual([]);
          // Only the template's words: the team's own answers may say anything.
          let words = text;
          for (const value of [
            ...Object.values(team.facts),
            ...PHASE_NUMBERS.flatMap((p) => Object.values(team.answers[p] ?? {})),
          ].sort((a, b) => b.length - a.length)) {
            if (value.trim()) words = words.split(value).join(' «answer» ');
          }
          // The profile's kind of offer is not required: with required answers only, the prompts name the
          // choices; fully filled in, a professional service reads none of software's words.
          if (stage === 'fully filled in') {
            for (const pattern of softwareWords) {
              expect(words.match(pattern)?.[0], `${stage}, activity ${phase}: ${pattern}`).toBeUndefined();
            }
          }
        }
      }
    },
  );
});

describe("each page's steps match the prompt the team's choices give", () => {
  const withOwn = (phase: number, own: Record<string, string>) => {
    const { facts, answers } = baseTeam(MARLOW_PAYROLL);
    return renderAndLint(configOf(phase), { ...answers, [phase]: { ...answers[phase], ...own } }, facts).text;
  };
  const steps = (phase: number) =>
    pageTexts(configOf(phase))
      .filter(({ where }) => where.startsWith('step') || where === 'expected output')
      .map(({ text }) => text);

  it('activity 6 promises a music prompt only with music chosen', () => {
    expect(withOwn(6, { music_genre: 'none' })).not.toMatch(/music prompt/i);
    expect(withOwn(6, { music_genre: 'lofi' })).toContain('**Music prompt**');
    const promising = steps(6).filter((text) => /music prompt/i.test(text));
    expect(promising.length).toBeGreaterThan(0);
    for (const text of promising) expect(text).toMatch(/No music/);
  });

  it('activity 8 sends the team to follow-up prompts only with a builder that gets them', () => {
    expect(withOwn(8, { builder_type: 'site_builder' })).not.toMatch(/follow-up prompt/i);
    expect(withOwn(8, { builder_type: 'prompt_to_app' })).toMatch(/follow-up prompt/i);
    const promising = steps(8).filter((text) => /follow-up prompt/i.test(text));
    expect(promising.length).toBeGreaterThan(0);
    for (const text of promising) expect(text).toMatch(/with an AI app builder/);
  });
});
