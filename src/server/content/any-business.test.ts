import { describe, expect, it } from 'vitest';
import { isChoiceField, type PhaseConfig } from '../../shared/phase-config.ts';
import { PHASE_NUMBERS } from '../../shared/phases.ts';
import { SHARED_FACT_IDS, isSharedFactId } from '../../shared/shared-facts.ts';
import type { TeamAnswers } from '../../shared/template-context.ts';
import {
  BUSINESS_BUYERS,
  BUSINESSES,
  type Business,
  type BusinessKind,
  CONSUMER_WORDS,
  HEARTH_AND_BEAN,
  KIND_WORDS,
  LEDGERLOOP,
  PROFESSIONAL_SERVICES,
  REGULATED_SERVICES,
  WORKED_EXAMPLE,
} from '../../../testing/businesses.ts';
import { choicesRead, renderAndLint } from '../../shared/programme-rendering-checks.ts';
import { type Area, CAUTIONS, PLACE_CAUTIONS, type Place } from '../../../testing/area-cautions.ts';
import { configOf, configs, workedExampleAnswer } from '../../../testing/phase-content.ts';

/**
 * Every prompt, read for twelve businesses of different kinds (testing/businesses.ts), fully filled in, with
 * only the required answers, and blank: no word that belongs to another kind of business (outside the team's
 * own answers), no raw template tag, no hole. Then the nine that sell to businesses (three with the risks of
 * the later sensitive areas, three regulated services, three more professional services), activity by
 * activity: the cautions of the sensitive areas they ticked and of their places, and none other; the claims
 * they must not make, however they typed them; the path for business buyers, as their kind of offer takes
 * it; and no word of selling to consumers.
 */

const ALL_KINDS = Object.keys(KIND_WORDS) as BusinessKind[];
const SELLING_TO_BUSINESSES = [...BUSINESS_BUYERS, ...REGULATED_SERVICES, ...PROFESSIONAL_SERVICES];
const ALL_BUSINESSES = [...BUSINESSES, ...SELLING_TO_BUSINESSES];

/** Every answer of a business: the shared facts, and each activity's own answers. */
function everything(business: Business): { facts: Record<string, string>; answers: TeamAnswers } {
  if (business === WORKED_EXAMPLE) {
    const facts: Record<string, string> = {};
    const answers: Record<number, Record<string, string>> = {};
    for (const config of configs) {
      answers[config.phase] = {};
      for (const field of config.fields) {
        const value = workedExampleAnswer(field);
        if (isSharedFactId(field.id)) facts[field.id] = value;
        else answers[config.phase]![field.id] = value;
      }
    }
    return { facts, answers };
  }
  return { facts: business.facts, answers: business.answers ?? {} };
}

/** Only the answers some activity requires. */
function requiredOnly(business: Business): { facts: Record<string, string>; answers: TeamAnswers } {
  const { facts, answers } = everything(business);
  const required = (phase: number, id: string) =>
    configOf(phase).fields.some((field) => field.id === id && field.required);
  const requiredAnywhere = (id: string) => configs.some((config) => required(config.phase, id));
  return {
    facts: Object.fromEntries(Object.entries(facts).filter(([id]) => requiredAnywhere(id))),
    answers: Object.fromEntries(
      PHASE_NUMBERS.map((phase) => [
        phase,
        Object.fromEntries(Object.entries(answers[phase] ?? {}).filter(([id]) => required(phase, id))),
      ]),
    ),
  };
}

/** The prompt with the team's own answers taken out, so only the template's words are left. */
function templateWords(text: string, facts: Record<string, string>, answers: TeamAnswers): string {
  const values = [
    ...Object.values(facts),
    ...PHASE_NUMBERS.flatMap((phase) => Object.values(answers[phase] ?? {})),
  ].filter((value): value is string => typeof value === 'string' && value.trim() !== '');
  let out = text;
  for (const value of values.sort((a, b) => b.length - a.length)) out = out.split(value).join(' «answer» ');
  return out;
}

/** Each word of another kind of business found in a prompt, with a little context. */
function wordsOfOtherKinds(text: string, kinds: readonly BusinessKind[]): string[] {
  const found: string[] = [];
  for (const kind of ALL_KINDS.filter((k) => !kinds.includes(k))) {
    for (const pattern of KIND_WORDS[kind]) {
      const match = new RegExp(
        pattern.source,
        pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
      );
      for (const m of text.matchAll(match)) {
        const at = m.index ?? 0;
        found.push(`${kind} "${m[0]}": …${text.slice(Math.max(0, at - 60), at + 40).replace(/\n/g, ' ')}…`);
      }
    }
  }
  return found;
}

describe('the businesses', () => {
  it.each([LEDGERLOOP, HEARTH_AND_BEAN, ...SELLING_TO_BUSINESSES])(
    '$name answers every field of every activity',
    (business) => {
      expect(Object.keys(business.facts).sort()).toEqual([...SHARED_FACT_IDS].sort());
      for (const config of configs) {
        for (const field of config.fields) {
          const value = isSharedFactId(field.id)
            ? business.facts[field.id]
            : business.answers?.[config.phase]?.[field.id];
          expect(value?.trim(), `${business.name}: activity ${config.phase} ${field.id}`).toBeTruthy();
          if (isChoiceField(field)) {
            for (const chosen of value!.split(',').map((v) => v.trim())) {
              expect(
                field.options?.map((o) => o.value),
                `${field.id} = ${chosen}`,
              ).toContain(chosen);
            }
          }
        }
        const own = Object.keys(business.answers?.[config.phase] ?? {});
        expect(own.filter((id) => !config.fields.some((f) => f.id === id))).toEqual([]);
      }
    },
  );

  it('are of different kinds', () => {
    expect(ALL_BUSINESSES.map((b) => b.kinds.join(' '))).toEqual([
      'children consumers us canada',
      'businesses finance eu',
      'food consumers uk',
      'businesses personal_data uk eu',
      'businesses advice uk',
      'businesses safety personal_data us canada',
      'businesses health personal_data safety employment us',
      'businesses finance advice canada',
      'businesses safety advice other',
      'businesses employment_advice staff_records uk',
      'businesses advice eu',
      'businesses advice us',
    ]);
    // Each says what it is in its own profile.
    for (const business of ALL_BUSINESSES.filter((b) => b !== WORKED_EXAMPLE)) {
      const profile = [
        business.facts.customer_type,
        business.facts.sensitive_areas,
        business.facts.rule_regions,
      ];
      const ticked = profile.flatMap((answer) => answer!.split(',').map((value) => value.trim()));
      expect(ticked.sort(), business.name).toEqual([...business.kinds].sort());
    }
  });
});

describe.each(ALL_BUSINESSES.map((business) => [business.name, business] as const))(
  '%s',
  (_name, business) => {
    const stages = [
      ['fully filled in', everything(business)],
      ['with only the required answers', requiredOnly(business)],
    ] as const;

    describe.each(stages)('%s', (stage, { facts, answers }) => {
      it.each(PHASE_NUMBERS)('activity %i reads as written for this business', (phase) => {
        const { text, problems } = renderAndLint(configOf(phase), answers, facts);
        expect(problems, text).toEqual([]);
        expect(text, 'a raw template tag').not.toContain('{{');
        if (stage === 'fully filled in') expect(text, 'nothing is missing').not.toContain('[MISSING');
        expect(wordsOfOtherKinds(templateWords(text, facts, answers), business.kinds)).toEqual([]);
      });
    });
  },
);

describe('a team that has answered nothing', () => {
  it.each(PHASE_NUMBERS)(
    'gets a neutral activity %i prompt: markers, no kind of business assumed',
    (phase) => {
      const { text, problems } = renderAndLint(configOf(phase), {}, {});
      // The lint allows `{{id}}` only for a field of this form (a marker the preview highlights).
      expect(problems, text).toEqual([]);
      expect(wordsOfOtherKinds(text, [])).toEqual([]);
    },
  );
});

// ---------------------------------------------------------------------------------------------------------
// The nine that sell to businesses (testing/businesses.ts: BUSINESS_BUYERS, REGULATED_SERVICES, PROFESSIONAL_SERVICES)

const AREAS = Object.keys(CAUTIONS) as Exclude<Area, 'children'>[];
const PLACES: readonly Place[] = ['us', 'canada', 'uk', 'eu', 'other'];

describe('the rules by place and kind of business', () => {
  const example = everything(WORKED_EXAMPLE);
  /** The worked example's team with another business profile. */
  const withProfile = (phase: number, profile: Record<string, string>) =>
    renderAndLint(configOf(phase), example.answers, { ...example.facts, ...profile });

  it.each(Object.keys(PLACE_CAUTIONS) as Area[])(
    'every place offered names the rules of "%s" in Evidence Research, for a product or a service',
    (area) => {
      for (const place of PLACES) {
        for (const customers of ['consumers', 'businesses', 'both']) {
          const profile = { sensitive_areas: area, rule_regions: place, customer_type: customers };
          for (const phase of [3, 8]) {
            const { text, problems } = withProfile(phase, profile);
            expect(problems, `${area} in ${place} for ${customers}`).toEqual([]);
            const rule = PLACE_CAUTIONS[area][place][phase];
            if (rule) expect(text, `${area} in ${place}, activity ${phase}`).toContain(rule);
            // No other area's rule of this place, and no other place's rule of this area.
            for (const other of Object.keys(PLACE_CAUTIONS) as Area[]) {
              for (const where of PLACES) {
                const line = PLACE_CAUTIONS[other][where][phase];
                if (
                  line &&
                  (other !== area || where !== place) &&
                  !Object.values(PLACE_CAUTIONS[area][place]).includes(line)
                ) {
                  expect(text.includes(line), `${other} in ${where} with ${area} in ${place}`).toBe(false);
                }
              }
            }
          }
        }
        expect(PLACE_CAUTIONS[area][place][3], `${area} in ${place}`).toBeTruthy();
      }
    },
  );

  it("names a consumer product's safety regulator only for a team that sells to consumers", () => {
    const consumerRegulators = [
      'the CPSC covers consumer products',
      'the Canada Consumer Product Safety Act',
      'the Office for Product Safety and Standards',
      'the General Product Safety Regulation',
    ];
    const places = { rule_regions: 'us, canada, uk, eu', sensitive_areas: 'safety' };
    const forBusinesses = withProfile(3, { ...places, customer_type: 'businesses' }).text;
    const forConsumers = withProfile(3, { ...places, customer_type: 'consumers' }).text;
    for (const regulator of consumerRegulators) {
      expect(forBusinesses, regulator).not.toContain(regulator);
      expect(forConsumers, regulator).toContain(regulator);
    }
  });

  it('words each caution for a service as well as a product', () => {
    const all = 'children, health, food, finance, personal_data, safety, advice, employment';
    const text = PHASE_NUMBERS.map(
      (phase) => withProfile(phase, { sensitive_areas: all, rule_regions: 'us, canada, uk, eu, other' }).text,
    ).join('\n');
    for (const productOnly of [
      'We make health or wellbeing claims',
      'where the product is a supplement, cosmetic or medical device',
      'Our products are made for or used by children',
      'Our product handles data',
      'People rely on our product to prevent harm',
      'no clinical settings or white coats',
      'suggest a doctor or pharmacist',
      'comparable countries',
    ]) {
      expect(text, productOnly).not.toContain(productOnly);
    }
    for (const serviceToo of [
      'claims about health or a health service',
      'Our product or service is made for or used by children',
      'A clinical setting is fine where it is where our service really happens',
    ]) {
      expect(text, serviceToo).toContain(serviceToo);
    }
  });
});

type OfferKind = 'product' | 'software' | 'professional_service' | 'in_person_service' | 'mix';

/** What the path for business buyers says for each kind of offer: routes (2), prices (4), agent (7), site (8). */
const OFFER_PATHS: Record<
  OfferKind,
  {
    routes: string;
    prices: string;
    otherBrands: string;
    goal: string;
    knowledge: string;
    test: string;
    firstStep: string;
  }
> = {
  software: {
    otherBrands: 'Name another brand only where our product facts say the product works with it',
    routes: 'key resellers and integration partners, and places on procurement lists',
    prices: '(per seat, per unit or device, by usage, or an annual contract)',
    goal: 'book demos with buyers the product fits',
    knowledge: 'pricing and contracts, security, integrations, data: where it is kept',
    test: 'A question about security or certifications.',
    firstStep: 'a demo, a call or a trial',
  },
  mix: {
    otherBrands: 'Name another brand only where our product facts say the product works with it',
    routes: 'key resellers and integration partners, and places on procurement lists',
    prices:
      '(per seat, per unit or device, a fixed fee, per case, a retainer, an hourly rate or an annual contract, whichever fits what we sell)',
    goal: 'book demos with buyers the product fits',
    knowledge: 'pricing and contracts, security, integrations, data: where it is kept',
    test: 'A question about security or certifications.',
    firstStep: 'a demo, a consultation, a call or a visit',
  },
  professional_service: {
    otherBrands: 'Name another firm or body only where our facts say we work with it',
    routes: 'the referrers our buyers trust (accountants, trade associations, other advisers)',
    prices: '(a fixed fee, a fee per case or matter, a monthly retainer or an hourly rate)',
    goal: 'book consultations with clients we can help',
    knowledge: 'fees and what they cover, insurance and who regulates us',
    test: 'A question about who does the work, their qualifications, or who regulates us.',
    firstStep: 'a consultation or a call',
  },
  in_person_service: {
    otherBrands: 'Name another firm or body only where our facts say we work with it',
    routes: 'the referrers our buyers trust, contracts with the largest buyers',
    prices: '(a price per visit or session, a package of sessions, or a contract for regular visits)',
    goal: 'book visits or calls with buyers we can serve',
    knowledge: 'where and when, prices and contracts, insurance',
    test: 'A question about who does the work and their qualifications or insurance.',
    firstStep: 'a visit or a call',
  },
  product: {
    otherBrands: 'Name another brand only where our product facts say the product works with it',
    routes: 'key distributors and wholesalers, and places on procurement lists',
    prices: '(a price per unit, volume pricing, or a supply contract)',
    goal: 'book demos with buyers the product fits',
    knowledge: 'pricing and contracts, security, integrations, data: where it is kept',
    test: 'A question about security or certifications.',
    firstStep: 'a quote, a sample or a call',
  },
};

/** A prompt rendered for a team, with every `own` answer of that activity laid over its own. */
function promptOf(
  phase: number,
  { facts, answers }: { facts: Record<string, string>; answers: TeamAnswers },
  own: Record<string, string> = {},
) {
  return renderAndLint(configOf(phase), { ...answers, [phase]: { ...answers[phase], ...own } }, facts);
}

/** Each word of selling to consumers the template (not the team) wrote, with a little context. */
function consumerWords(text: string): string[] {
  return CONSUMER_WORDS.flatMap((pattern) =>
    [...text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))].map(
      (m) => `"${m[0]}": …${text.slice(Math.max(0, (m.index ?? 0) - 60), (m.index ?? 0) + 40)}…`,
    ),
  );
}

describe.each(SELLING_TO_BUSINESSES.map((business) => [business.name, business] as const))(
  '%s',
  (_name, business) => {
    const stages = [
      ['fully filled in', everything(business)],
      ['with only the required answers', requiredOnly(business)],
    ] as const;
    const ticked = (kind: string) => business.kinds.includes(kind as BusinessKind);

    describe.each(stages)('%s', (_stage, team) => {
      it.each(PHASE_NUMBERS)(
        'activity %i holds the cautions of its sensitive areas and places, and none other',
        (phase) => {
          const { text } = promptOf(phase, team);
          for (const area of AREAS) {
            const line = CAUTIONS[area][phase];
            if (line) expect(text.includes(line), `${area}: "${line}"`).toBe(ticked(area));
            for (const place of PLACES) {
              const rule = PLACE_CAUTIONS[area][place][phase];
              if (rule)
                expect(text.includes(rule), `${area} in ${place}: "${rule}"`).toBe(
                  ticked(area) && ticked(place),
                );
            }
          }
        },
      );

      it.each(PHASE_NUMBERS)(
        'activity %i says nothing of selling to consumers the team did not write',
        (phase) => {
          const { text } = promptOf(phase, team);
          expect(consumerWords(templateWords(text, team.facts, team.answers))).toEqual([]);
        },
      );
    });

    it.each(PHASE_NUMBERS)(
      'activity %i says nothing of selling to consumers whatever the team chooses on its form',
      (phase) => {
        const team = everything(business);
        const config: PhaseConfig = configOf(phase);
        for (const choice of choicesRead(config).filter((c) => c.onForm)) {
          for (const option of choice.options) {
            const { text, problems } = promptOf(phase, team, { [choice.id]: option.value });
            expect(problems, `${choice.id} = ${option.value}`).toEqual([]);
            expect(
              consumerWords(templateWords(text, team.facts, team.answers)),
              `${choice.id} = ${option.value}`,
            ).toEqual([]);
          }
        }
      },
    );

    it.each([3, 4, 5, 6, 7, 8])(
      'activity %i carries the claims not to make, however they were typed',
      (phase) => {
        const team = everything(business);
        const claims = team.facts.claims_to_avoid!;
        const handover = (team.answers[3] as Record<string, string>).verified_evidence!;
        const ruledOut = /Do not claim: [^.]*/.exec(handover)![0];
        const without = (facts: Record<string, string>, ...ids: string[]) =>
          Object.fromEntries(Object.entries(facts).filter(([id]) => !ids.includes(id)));
        // Evidence Research writes the hand-over box; it reads the profile's claims only.
        const ways = [
          ['the business profile only', team.facts, {}, claims],
          ...(phase === 3
            ? []
            : [
                [
                  'the hand-over box only',
                  without(team.facts, 'claims_to_avoid'),
                  { verified_evidence: handover },
                  ruledOut,
                ] as const,
              ]),
        ] as const;
        for (const [how, facts, evidence, expected] of ways) {
          for (const proof of [true, false]) {
            const withProof = proof ? facts : without(facts, 'proof_points');
            const assets = proof ? team.answers[6] : { ...team.answers[6], chosen_statistic: '' };
            const answers = { ...team.answers, 3: evidence, 6: assets };
            const { text, problems } = renderAndLint(configOf(phase), answers, withProof);
            const where = `${how}, ${proof ? 'with' : 'without'} proof points and a statistic`;
            expect(text, where).toContain(expected);
            expect(problems, where).toEqual([]);
          }
        }
      },
    );

    describe('the path for business buyers', () => {
      const team = everything(business);
      const read = (phase: number, own: Record<string, string> = {}) => promptOf(phase, team, own).text;

      const offer = OFFER_PATHS[business.facts.offer_kind as OfferKind];

      it('scores the routes to market its business buyers use (2) and prices as its kind of offer is priced (4)', () => {
        expect(read(2)).toContain(offer.routes);
        expect(read(4)).toContain(offer.prices);
      });

      it('builds the brief on a price and contract, and asks for no price logic without one (5)', () => {
        const priced = read(5, { brief_reader: 'internal' });
        expect(priced).toContain(`Our price and terms: ${team.answers[5]!.price_terms}`);
        expect(priced).toContain('Give the price logic behind our price and terms');
        const unpriced = read(5, { brief_reader: 'internal', price_terms: '' });
        expect(unpriced).toContain('We have not set the price or the contract yet.');
        expect(unpriced).toContain('Propose two or three ways to price and contract it');
        expect(unpriced).not.toContain('price logic');
      });

      it('offers the product screen and the professional networks, and names integration partners (6)', () => {
        const assets = read(6, { perspective: 'interface', asset_channel: 'professional' });
        expect(assets).toContain('a real screenshot or screen recording of our product can be placed on it');
        expect(assets).toContain('square 1:1 and a portrait 4:5 version');
        expect(assets).toContain('landscape 1.91:1 for link posts');
        expect(assets).toContain(offer.otherBrands);
        expect(assets).not.toContain("do not use other brands' names");
      });

      it('books and qualifies demos, knows security, integrations, contracts and data, and tests with business questions (7)', () => {
        const agent = read(7, { primary_goal: 'demo', knowledge_handling: 'knowledge_base' });
        expect(agent).toContain(offer.goal);
        expect(agent).toContain(offer.knowledge);
        expect(agent).toContain(offer.test);
        expect(agent).toContain(
          'A buying question (a purchase order, invoicing, the contract length or notice).',
        );
      });

      it("builds the site around the team's own call to action, and collects only what it needs (8)", () => {
        const site = read(8, { builder_type: 'prompt_to_app' });
        expect(site).toContain(`Launch note and call to action: ${team.answers[8]!.launch_note}`);
        expect(site).toContain('our call to action as the launch note gives it');
        expect(site).toContain(
          'a short form for our call to action that collects only what it needs (a name, the company, its size and a work email',
        );
        expect(site).toContain('(the call-to-action form: a name, the company, its size and a work email');
        expect(templateWords(site, team.facts, team.answers)).not.toMatch(/book a demo|demo request/i);
        // Without a launch note, the site proposes the first step and says it is to confirm.
        const noNote = read(8, { builder_type: 'site_builder', launch_note: '' });
        expect(noNote).toContain(`the first step a business buyer takes (${offer.firstStep}`);
        expect(noNote).toContain(
          'the call-to-action form asks only name, company, company size and work email',
        );
      });
    });
  },
);

describe('the worked example, a consumer business', () => {
  const team = everything(WORKED_EXAMPLE);

  it('gets none of the path for business buyers', () => {
    const all = PHASE_NUMBERS.map((phase) => promptOf(phase, team).text).join('\n');
    for (const line of [
      'procurement lists',
      'per seat',
      'Name another brand only where',
      'pricing and contracts, security',
      'call-to-action form',
      'We have not set the price or the contract yet.',
    ]) {
      expect(all).not.toContain(line);
    }
  });
});
