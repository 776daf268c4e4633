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
  REGULATED_SERVICES,
  WORKED_EXAMPLE,
} from '../../../testing/businesses.ts';
import { choicesRead, renderAndLint } from '../../shared/programme-checks.ts';
import { configOf, configs, workedExampleAnswer } from '../../../testing/phase-content.ts';

/**
 * Every prompt, read for nine businesses of different kinds (testing/businesses.ts), fully filled in, with
 * only the required answers, and blank: no word that belongs to another kind of business (outside the team's
 * own answers), no raw template tag, no hole. Then the six that sell to businesses (three with the risks of
 * the later sensitive areas, three regulated services), activity by activity: the cautions of the sensitive
 * areas they ticked and of their places, and none other; the claims they must not make, however they typed
 * them; the path for business buyers; and no word of selling to consumers.
 */

const ALL_KINDS = Object.keys(KIND_WORDS) as BusinessKind[];
const SELLING_TO_BUSINESSES = [...BUSINESS_BUYERS, ...REGULATED_SERVICES];
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
// The six that sell to businesses (testing/businesses.ts, BUSINESS_BUYERS and REGULATED_SERVICES)

type Area = 'children' | 'health' | 'finance' | 'personal_data' | 'safety' | 'advice' | 'employment';
type Place = 'us' | 'canada' | 'uk' | 'eu' | 'other';

/**
 * What each sensitive area switches on, activity by activity: a line only that area writes, worded for a
 * product or a service alike.
 */
const CAUTIONS: Record<Exclude<Area, 'children'>, Record<number, string>> = {
  health: {
    1: 'What we offer touches health (claims about health or a health service',
    3: 'What we offer touches health. A claim about a health effect, or about how accurate a test',
    4: 'For health, say when a promise would make a product a medical device or a service one that must be registered or licensed',
    5: 'No promise of a health outcome, and no claim that a test or a health service is more accurate',
    6: 'Show no one being tested, examined or treated',
    7: "Give no diagnosis, no medical advice and no reading of a caller's own result",
    8: 'Health: no claim to treat, cure or prevent a disease unless the product is authorised for it',
  },
  finance: {
    1: 'We deal with money: say which activities need a licence, registration or authorisation',
    4: 'For money, say whether it would need a licence or a regulated partner.',
    5: 'financial promotions, and whether we need a licence or a regulated partner',
    6: 'Show no piles of cash, luxury lifestyles or rising charts',
    7: 'Give no personal financial advice and promise no profit',
    8: 'Money: fees and risks as prominent as the benefits',
  },
  personal_data: {
    1: 'Our product or service handles data about people other than our buyer',
    3: 'Our product or service holds data about people other than our buyer',
    4: 'who can see it, are those people told, and would a customer need a',
    5: 'No privacy or security claim',
    6: 'Screens, documents and scenes show invented, clearly fictional data',
    7: 'Never read out, confirm or discuss what the product or our records hold about a person',
    8: 'Data about people other than our buyer: the site says what the product or service collects about them',
  },
  safety: {
    1: 'People rely on our product or service to prevent harm, or it falls under a safety regime',
    3: 'People rely on our product or service to prevent harm. A claim that it prevents accidents',
    4: 'No concept may promise that it prevents accidents or makes anyone safe.',
    5: 'No promise that it prevents accidents or injuries, or makes anyone safe',
    6: 'no dramatised accident that the product is shown to prevent',
    7: 'Give no safety assurance beyond the facts given',
    8: 'Safety: the site says what the product or service does and does not do',
  },
  advice: {
    1: 'Our product or our people give professional advice (legal, tax, accounting, engineering',
    3: 'Our product or our people give professional advice. Evidence about how accurate',
    4: 'No concept may promise an outcome of the advice',
    5: 'No promise of an outcome of the advice',
    6: 'Show no client being advised on their own case',
    7: "Give no advice on the caller's own situation",
    8: 'Advice: the site says who gives the advice',
  },
  employment: {
    1: 'Our product or service is used to hire, test, check or monitor workers',
    3: 'Our product or service is used to test, check or monitor workers. Evidence about how accurate',
    4: 'For testing, checking or monitoring workers, ask: what may an employer lawfully do with it',
    5: 'No promise that a test, check or monitoring result cannot be wrong',
    6: 'Show no worker being tested, checked or watched',
    7: 'Give no view on whether a worker passed or failed',
    8: 'Employment: the site says what a test, check or monitoring covers',
  },
};

/**
 * The rules each area names for each place it is ticked with, in Evidence Research (3, every area and place)
 * and the website (8): the rules of a service (licensing, health and workers' data, testing) as well as of a
 * product.
 */
const PLACE_CAUTIONS: Record<Area, Record<Place, Record<number, string>>> = {
  children: {
    us: { 3: 'the CARU guidelines', 8: 'COPPA applies' },
    canada: { 3: 'the Broadcast Code for Advertising to Children', 8: "Quebec's law requires it under 14" },
    uk: { 3: 'section 5 of the CAP Code', 8: "the ICO's Children's Code applies" },
    eu: { 3: "the Digital Services Act's ban", 8: "a parent's consent below an age between 13 and 16" },
    other: {
      3: 'For children: the rules on advertising to children and on their data.',
      8: "have we checked the rules on children's data?",
    },
  },
  health: {
    us: {
      3: "HIPAA, under which a health care provider or its business associate may not use a patient's story",
      8: 'the Notice of Privacy Practices a provider must post on its website',
    },
    canada: {
      3: 'the regulatory college of each health profession',
      8: "each province's health information law (such as Ontario's PHIPA)",
    },
    uk: {
      3: 'the Care Quality Commission where a health service in England must register with it',
      8: 'whether we must register with the Care Quality Commission',
    },
    eu: {
      3: 'the In Vitro Diagnostic Medical Devices Regulation where it is a test',
      8: "the GDPR's conditions for health data",
    },
    other: {
      3: 'who licenses health services and the people who deliver them',
      8: 'who licenses health services and the rules on health data?',
    },
  },
  finance: {
    us: { 3: 'the SEC for investment advisers', 8: "the SEC's marketing rule for investment advisers" },
    canada: {
      3: 'CIRO for investment dealers',
      8: 'the rules of the provincial securities regulators and the Financial Consumer Agency of Canada?',
    },
    uk: {
      3: "the FCA's financial promotion rules",
      8: 'a financial promotion made or approved by an FCA-authorised firm',
    },
    eu: {
      3: 'MiFID II for investment products and advice',
      8: "the national financial regulator's rules on promotions?",
    },
    other: {
      3: "the financial regulator's rules on promotions, and which activities need a licence",
      8: "Elsewhere, have we checked the financial regulator's rules on promotions?",
    },
  },
  personal_data: {
    us: { 3: 'the privacy laws of the states where we sell', 8: 'HIPAA or FERPA' },
    canada: {
      3: 'PIPEDA, and the private-sector privacy laws of Quebec, Alberta and British Columbia',
      8: 'PIPEDA and the private-sector laws',
    },
    uk: {
      3: "the ICO's guidance, including on monitoring workers",
      8: "the ICO's guidance on monitoring workers",
    },
    eu: {
      3: 'whether the AI Act counts the product as high-risk',
      8: 'whether the AI Act counts the product',
    },
    other: { 3: 'For data about other people: the privacy law, and what it says about monitoring people.' },
  },
  safety: {
    us: { 3: "OSHA, and the sector's own regulator" },
    canada: { 3: 'the provincial occupational health and safety laws where it is used at work' },
    uk: { 3: "the HSE, and the sector's own regulator, where it is used at work" },
    eu: { 3: 'the revised Product Liability Directive' },
    other: { 3: 'For safety: the regulators of product and workplace safety' },
  },
  advice: {
    us: {
      3: 'the state board of accountancy for accountants',
      8: "each state licensing board's rules on how a firm may name itself",
    },
    canada: {
      3: 'the law society, the CPA body, the engineering regulator',
      8: "the professional order's rules on protected titles",
    },
    uk: { 3: "the SRA for solicitors' firms", 8: "the SRA's Transparency Rules" },
    eu: {
      3: "each country's rules on who may give legal, tax or engineering advice",
      8: "each country's professional chamber's rules",
    },
    other: {
      3: 'For advice: who may give the advice or sign-off',
      8: 'the rules of the body that licenses the profession',
    },
  },
  employment: {
    us: { 3: '49 CFR Part 40', 8: "the ADA's rules on exams of workers" },
    canada: {
      3: "each province's human rights code",
      8: "the human rights codes' limits on testing workers",
    },
    uk: {
      3: "the ICO's guidance on workers' health information, drug and alcohol testing included",
      8: "the Equality Act 2010 and the ICO's guidance on workers' health information?",
    },
    eu: { 3: "a works council's say before workers are tested", 8: 'works-council rules' },
    other: {
      3: 'For employment: the rules on testing, checking and monitoring workers',
      8: 'Elsewhere, have we checked the rules on testing, checking and monitoring workers?',
    },
  },
};

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

      it('scores the routes to market business buyers use (2) and prices per seat, unit or contract (4)', () => {
        expect(read(2)).toContain('key resellers and integration partners, and places on procurement lists');
        expect(read(4)).toContain('(per seat, per unit or device, by usage, or an annual contract)');
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
        expect(assets).toContain(
          'Name another brand only where our product facts say the product works with it',
        );
        expect(assets).not.toContain("do not use other brands' names");
      });

      it('books and qualifies demos, knows security, integrations, contracts and data, and tests with business questions (7)', () => {
        const agent = read(7, { primary_goal: 'demo', knowledge_handling: 'knowledge_base' });
        expect(agent).toContain('book demos with buyers the product fits');
        expect(agent).toContain('pricing and contracts, security, integrations, data: where it is kept');
        expect(agent).toContain('A question about security or certifications.');
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
        expect(noNote).toContain('the first step a business buyer takes (a demo, a call or a trial');
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
