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
  WORKED_EXAMPLE,
} from '../../../testing/businesses.ts';
import { choicesRead, renderAndLint } from '../../shared/programme-checks.ts';
import { configOf, configs, workedExampleAnswer } from '../../../testing/phase-content.ts';

/**
 * Every prompt, read for six businesses of different kinds (testing/businesses.ts), fully filled in, with
 * only the required answers, and blank: no word that belongs to another kind of business (outside the team's
 * own answers), no raw template tag, no hole. Then the three that sell to businesses, activity by activity:
 * the cautions of the sensitive areas they ticked and of their places, and none other; the claims they must
 * not make, however they typed them; the path for business buyers; and no word of selling to consumers.
 */

const ALL_KINDS = Object.keys(KIND_WORDS) as BusinessKind[];
const ALL_BUSINESSES = [...BUSINESSES, ...BUSINESS_BUYERS];

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

describe('the three businesses', () => {
  it.each([LEDGERLOOP, HEARTH_AND_BEAN, ...BUSINESS_BUYERS])(
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
// The three that sell to businesses (testing/businesses.ts, BUSINESS_BUYERS)

type Area = 'personal_data' | 'safety' | 'advice';
type Place = 'us' | 'canada' | 'uk' | 'eu';

/** What each later sensitive area switches on, activity by activity: a line only that area writes. */
const CAUTIONS: Record<Area, Record<number, string>> = {
  personal_data: {
    1: 'Our product handles data about people other than our buyer',
    3: 'Our product holds data about people other than our buyer',
    4: 'who can see it, are those people told, and would a customer need a',
    5: 'No privacy or security claim',
    6: 'Screens, documents and scenes show invented, clearly fictional data',
    7: 'Never read out, confirm or discuss what the product holds about a person',
    8: 'Data about people other than our buyer: the site says what the product collects about them',
  },
  safety: {
    1: 'People rely on our product to prevent harm, or it falls under a safety regime',
    3: 'People rely on our product to prevent harm. A claim that it prevents accidents',
    4: 'No concept may promise that it prevents accidents or makes anyone safe.',
    5: 'No promise that it prevents accidents or injuries, or makes anyone safe',
    6: 'no dramatised accident that the product is shown to prevent',
    7: 'Give no safety assurance beyond the facts given',
    8: 'Safety: the site says what the product does and does not do',
  },
  advice: {
    1: 'Our product or our people give professional advice (legal, tax or other advice',
    3: 'Our product or our people give professional advice. Evidence about how accurate',
    4: 'No concept may promise an outcome of the advice',
    5: 'No promise of an outcome of the advice',
    6: 'Show no one as a qualified professional',
    7: "Give no advice on the caller's own situation",
    8: 'Advice: the site says who gives the advice',
  },
};

/** The rules each area names for each place it is ticked with, in Evidence Research (3) and the website (8). */
const PLACE_CAUTIONS: Record<Area, Record<Place, Record<number, string>>> = {
  personal_data: {
    us: { 3: 'state privacy laws such as California', 8: 'HIPAA or FERPA' },
    canada: { 3: 'Quebec, Alberta and British Columbia', 8: 'PIPEDA and the private-sector laws' },
    uk: {
      3: "the ICO's guidance, including on monitoring workers",
      8: "the ICO's guidance on monitoring workers",
    },
    eu: {
      3: 'whether the AI Act counts the product as high-risk',
      8: 'whether the AI Act counts the product',
    },
  },
  safety: {
    us: { 3: 'the CPSC covers consumer products, and OSHA' },
    canada: { 3: 'the Canada Consumer Product Safety Act' },
    uk: { 3: 'the Office for Product Safety and Standards' },
    eu: { 3: 'the revised Product Liability Directive' },
  },
  advice: {
    us: { 3: "for lawyers, the state bar's" },
    canada: { 3: 'the law society or professional order' },
    uk: { 3: "the SRA for solicitors' firms", 8: "the SRA's Transparency Rules" },
    eu: { 3: "each country's rules on who may give legal or tax advice" },
  },
};

const AREAS = Object.keys(CAUTIONS) as Area[];
const PLACES: readonly Place[] = ['us', 'canada', 'uk', 'eu'];

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

describe.each(BUSINESS_BUYERS.map((business) => [business.name, business] as const))(
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

    it.each([4, 5, 6, 7, 8])(
      'activity %i carries the claims not to make, however they were typed',
      (phase) => {
        const team = everything(business);
        const { claims_to_avoid: claims, verified_evidence: handover } = team.answers[3] as Record<
          string,
          string
        >;
        const ruledOut = /Do not claim: [^.]*/.exec(handover!)![0];
        const ways = [
          ['the claims field only', { claims_to_avoid: claims! }, claims!],
          ['the hand-over box only', { verified_evidence: handover! }, ruledOut],
        ] as const;
        const withoutProof = (facts: Record<string, string>) =>
          Object.fromEntries(Object.entries(facts).filter(([id]) => id !== 'proof_points'));
        for (const [how, evidence, expected] of ways) {
          for (const proof of [true, false]) {
            const facts = proof ? team.facts : withoutProof(team.facts);
            const assets = proof ? team.answers[6] : { ...team.answers[6], chosen_statistic: '' };
            const answers = { ...team.answers, 3: evidence, 6: assets };
            const { text, problems } = renderAndLint(configOf(phase), answers, facts);
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
        expect(agent).toContain('a question about security or certifications');
        expect(agent).toContain(
          'a buying question (a purchase order, invoicing, the contract length or notice)',
        );
      });

      it('collects what a demo request needs, and says so in the privacy notice (8)', () => {
        const site = read(8, { builder_type: 'prompt_to_app' });
        expect(site).toContain(
          'a demo request form that collects only a name, the company, its size and a work email',
        );
        expect(site).toContain('(the demo form: a name, the company, its size and a work email');
        expect(site).toContain('book a demo (the demo request form)');
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
      'demo request form',
      'We have not set the price or the contract yet.',
    ]) {
      expect(all).not.toContain(line);
    }
  });
});
