/**
 * Shared facts: the answers several activities need, kept once per team so that an edit anywhere is seen
 * everywhere (docs/decisions/011-shared-facts-and-template-references.md says which and why).
 *
 * Each activity that needs a fact shows it as an ordinary field of its form, with the SAME id and the same
 * field everywhere: label, type, placeholder, tooltip and options below are identical in every config (the
 * config schema refuses a config that differs). Only `help` (why this activity needs it) and `required` are
 * the activity's own. The fact's `home` is the activity where it is first asked; elsewhere the form can say
 * "first given in Activity N".
 *
 * Templates read a fact by its plain id (`{{target_region}}`) in every activity that shows it. The business
 * profile (who the customers are, what kind of offer it is, what is sensitive, whose rules apply, the claims the
 * team must not make) is asked once, in Activity 1, and read by other activities' templates in conditions, to
 * switch the right cautions and wording on, and the claims as `{{phase1.claims_to_avoid}}`; those pages show it
 * as a note with a link to where it is given (docs/product.md, How the business profile shapes each activity).
 */

export type SharedFactField = {
  type: 'text' | 'textarea' | 'select' | 'checkboxes';
  /** The running example's value (BrightSpark Labs), identical in every activity; none for checkboxes. */
  placeholder?: string;
  tooltip?: string;
  /** A choice's options, in order; one stored value must mean the same choice everywhere. */
  options?: readonly { value: string; label: string; description?: string; exclusive?: true }[];
};

export type SharedFact = {
  id: string;
  label: string;
  /** The activity (1-8) where the team first gives this fact. */
  home: number;
  field: SharedFactField;
};

export const SHARED_FACTS = [
  {
    id: 'company_name',
    label: 'Company name',
    home: 1,
    field: { type: 'text', placeholder: 'BrightSpark Labs' },
  },
  {
    id: 'sector',
    label: 'Sector or product category',
    home: 1,
    field: {
      type: 'text',
      placeholder: 'educational STEM toys and building kits for children aged 6-12',
      tooltip:
        'Sector: the group of products that compete for the same customer budget. Too broad ("coffee", "software", "toys") gives vague figures; too narrow ("single-origin espresso beans") may have no published data at all.',
    },
  },
  {
    id: 'target_region',
    label: 'Target region',
    home: 1,
    field: { type: 'text', placeholder: 'the United States and Canada' },
  },
  {
    id: 'customer_type',
    label: 'Who your customers are',
    home: 1,
    field: {
      type: 'select',
      placeholder: 'Choose consumers, businesses or both',
      tooltip:
        'Consumers buy for themselves or their household (B2C); businesses and organisations buy for their work (B2B). The prompts size the market, name the rules and write the copy differently for each.',
      options: [
        { value: 'consumers', label: 'Consumers' },
        { value: 'businesses', label: 'Businesses or organisations' },
        { value: 'both', label: 'Both consumers and businesses' },
      ],
    },
  },
  {
    id: 'offer_kind',
    label: 'What kind of offer it is',
    home: 1,
    field: {
      type: 'select',
      placeholder: 'Choose a product, software, a service or a mix',
      tooltip:
        'What a buyer gets from you. The prompts follow it: the first step a buyer takes (a visit, a demo, a consultation), the facts a buyer checks (integrations and security for software; qualifications, insurance, regulator and fees for a professional service) and the ways to price it.',
      options: [
        { value: 'product', label: 'A physical product (goods, kits, devices, food and drink)' },
        { value: 'software', label: 'Software or an app' },
        {
          value: 'professional_service',
          label: 'A professional service (legal, accounting, engineering, consulting)',
        },
        {
          value: 'in_person_service',
          label: 'A service delivered in person (a clinic, a salon, a class, a trade)',
        },
        { value: 'mix', label: 'A mix of these (a device with an app, a service with software)' },
      ],
    },
  },
  {
    id: 'sensitive_areas',
    label: 'Sensitive areas',
    home: 1,
    field: {
      type: 'checkboxes',
      tooltip:
        'Some products and services carry extra rules: marketing to children and collecting their data, claims about health or a health service and the health data it holds, food labelling and allergens, financial promotions and licences, data about employees, drivers, patients or pupils, testing, checking or monitoring workers, advising employers on their staff, holding staff records, safety claims, and advice only a qualified professional may give. What you tick here switches those cautions on in every prompt, and only those; a risk none of them names goes in your own words below.',
      options: [
        { value: 'children', label: 'Children', description: 'Children use it, or it is made for them' },
        {
          value: 'health',
          label: 'Health or wellbeing',
          description:
            'Health, fitness, beauty or medical benefits, health care or testing (a product or a service), or health data',
        },
        {
          value: 'food',
          label: 'Food or drink',
          description: 'You make, serve or sell something to eat or drink',
        },
        {
          value: 'finance',
          label: 'Money',
          description: 'Payments, lending, investing, insurance or financial advice',
        },
        {
          value: 'personal_data',
          label: 'Data about other people',
          description:
            'Data about people other than your buyer: employees, drivers, patients or pupils (where they are, what they do, monitoring)',
        },
        {
          value: 'safety',
          label: 'Safety',
          description: 'People rely on it to prevent harm, or it falls under a safety regime',
        },
        {
          value: 'advice',
          label: 'Professional advice',
          description:
            'It gives legal, tax, accounting, engineering, medical or financial advice or sign-off, or your people do',
        },
        {
          value: 'employment',
          label: 'Screening or monitoring workers',
          description:
            'You or what you sell test, check or monitor workers for their employer: drug and alcohol tests, fitness for work, background checks, monitoring at work',
        },
        {
          value: 'employment_advice',
          label: 'Advising employers on their staff',
          description:
            'You advise or act for employers on hiring, contracts, pay, discipline, dismissal or disputes with their staff',
        },
        {
          value: 'staff_records',
          label: 'Holding staff records',
          description:
            "You hold or process records about your customers' staff: payroll, HR files, pensions, right-to-work or training records",
        },
        { value: 'none', label: 'None of these', exclusive: true },
      ],
    },
  },
  {
    id: 'own_sensitive_area',
    label: 'Another sensitive area, in your words',
    home: 1,
    field: {
      type: 'text',
      placeholder: 'button batteries and small magnets in a toy',
      tooltip:
        "A risk with its own rules that none of the boxes above names, in a few words: clients' immigration status, pupils' exam results, tenants' rent arrears. The prompts carry it as you write it.",
    },
  },
  {
    id: 'rule_regions',
    label: 'Whose rules apply',
    home: 1,
    field: {
      type: 'checkboxes',
      tooltip:
        "Advertising, privacy and consumer rules follow your customers: tick every place you sell to or collect customers' data in. The prompts name the rules of these places, and only these.",
      options: [
        { value: 'us', label: 'United States' },
        { value: 'canada', label: 'Canada' },
        { value: 'uk', label: 'United Kingdom' },
        { value: 'eu', label: 'European Union or EEA' },
        { value: 'other', label: 'Somewhere else' },
      ],
    },
  },
  {
    id: 'claims_to_avoid',
    label: 'Claims we must not make',
    home: 1,
    // Asked in Activity 3 until it became part of the business profile: the field is as it was there, so a
    // programme copied before then still reads it (docs/decisions/044-regulated-services.md).
    field: {
      type: 'text',
      placeholder: '"Makes your child smarter", IQ gains, medical or therapeutic benefits, guaranteed grades',
    },
  },
  {
    id: 'target_audience',
    label: 'Target audience',
    home: 1,
    field: {
      type: 'textarea',
      placeholder:
        'Parents and grandparents of children aged 6-12 who want screen-free, hands-on learning that lasts longer than a weekend: the adults buy, the children build and play.',
      tooltip:
        'Target audience: the specific people you sell to. Say who pays and who uses when they differ, and write it so a stranger could picture one of them.',
    },
  },
  {
    id: 'current_offer',
    label: 'What you sell today',
    home: 1,
    field: {
      type: 'textarea',
      placeholder:
        'SunBot, a solar-powered robot kit for ages 6-12 with 40 snap-together parts that builds into three robots; $49 on our website and Amazon.',
    },
  },
  {
    id: 'brand_adjectives',
    label: 'Three brand adjectives',
    home: 4,
    field: {
      type: 'text',
      placeholder: 'curious, hands-on, trustworthy',
      tooltip:
        "Brand adjectives: a short, shared description of your brand's personality. They keep copy, visuals and product decisions consistent.",
    },
  },
  {
    id: 'concept_name',
    label: 'Hero concept name',
    home: 5,
    field: { type: 'text', placeholder: 'SunBot Grow' },
  },
  {
    id: 'unmet_need',
    label: 'The unmet need it answers',
    home: 5,
    field: {
      type: 'textarea',
      placeholder:
        'Parents want a STEM kit that stays interesting for more than one weekend, instead of another box that is built once and forgotten.',
      tooltip:
        'Unmet need: something customers want to achieve that current products serve badly or not at all.',
    },
  },
  {
    id: 'concept_description',
    label: 'How it works',
    home: 5,
    field: {
      type: 'textarea',
      placeholder:
        'A solar-powered robot kit for children aged 6-12 with 60 snap-together parts and no screws. The first robot takes about 30 minutes to build; challenge cards then unlock four harder builds as the child grows. Add-on packs (a solar boat, a plant-watering bot) extend it over the year. No app or batteries needed.',
    },
  },
  {
    id: 'proof_points',
    label: 'Proof points',
    home: 5,
    field: {
      type: 'textarea',
      placeholder:
        '31 of the 38 families who tested our SunBot Grow prototype were still building with it a month later (our own test, spring); our current SunBot kit is safety-tested to ASTM F963 for ages 6 and up (test report on file).',
    },
  },
] as const satisfies readonly SharedFact[];

export type SharedFactId = (typeof SHARED_FACTS)[number]['id'];

export const SHARED_FACT_IDS: readonly SharedFactId[] = SHARED_FACTS.map((fact) => fact.id);

const BY_ID = new Map<string, SharedFact>(SHARED_FACTS.map((fact) => [fact.id, fact]));

export function sharedFact(id: string): SharedFact | undefined {
  return BY_ID.get(id);
}

export function isSharedFactId(id: string): id is SharedFactId {
  return BY_ID.has(id);
}

/** The parts of a form field that must match its shared fact; `help` and `required` are the activity's own. */
type FieldShape = {
  id: string;
  label: string;
  type?: string;
  placeholder?: string | undefined;
  tooltip?: string | undefined;
  options?: unknown;
  display?: string | undefined;
};

/** What a shared fact's property is called in words. */
const PROPERTY_WORDS = {
  label: 'label',
  type: 'type',
  placeholder: 'placeholder',
  tooltip: 'tooltip',
  options: 'options',
  display: 'display (cards or a drop-down)',
} as const;

/** A property's value in words: a text in quotes, options by their labels, "none" for none. */
function inWords(value: unknown): string {
  if (value === undefined) return 'none';
  if (Array.isArray(value)) {
    return value
      .map((o) => `"${String((o as { label?: unknown })?.label ?? (o as { value?: unknown })?.value)}"`)
      .join(', ');
  }
  return `"${String(value)}"`;
}

/**
 * How a form field differs from the shared fact with the same id, one problem per property (its key, and what
 * is wrong in plain words); empty when it matches (or when the id is not a shared fact).
 */
export function sharedFactMismatches(
  field: FieldShape,
): { key: keyof typeof PROPERTY_WORDS; message: string }[] {
  const fact = BY_ID.get(field.id);
  if (!fact) return [];
  const canonical: FieldShape = { id: fact.id, label: fact.label, ...fact.field };
  const keys = ['label', 'type', 'placeholder', 'tooltip', 'options', 'display'] as const;
  const problems: { key: keyof typeof PROPERTY_WORDS; message: string }[] = [];
  for (const key of keys) {
    const expected = canonical[key];
    const actual = key === 'type' ? (field.type ?? 'text') : field[key];
    if (JSON.stringify(expected) !== JSON.stringify(actual)) {
      problems.push({
        key,
        message: `"${fact.label}" is a shared fact, asked alike in every activity: its ${PROPERTY_WORDS[key]} must stay ${inWords(expected)}, not ${inWords(actual)}.`,
      });
    }
  }
  return problems;
}
