/**
 * Three businesses of different kinds, with every answer of every activity, for the tests that read the
 * prompts as such a team would: the worked example (a children's product sold to consumers in the United
 * States and Canada: the configs' placeholders and src/shared/worked-example.ts), a business-to-business
 * software service in the EU that handles money, and a local food business in the United Kingdom. Each
 * lists the kinds of business it is, so a test can tell which words belong to another kind.
 */

/** The kinds a business can be, each with words that belong to it (and to no other kind) in a prompt. */
export type BusinessKind =
  | 'children'
  | 'health'
  | 'food'
  | 'finance'
  | 'consumers'
  | 'businesses'
  | 'us'
  | 'canada'
  | 'uk'
  | 'eu';

export type Business = {
  name: string;
  kinds: readonly BusinessKind[];
  /** The shared facts, given once. */
  facts: Record<string, string>;
  /** Each activity's own answers (not the shared facts); absent for the worked example, read from the configs. */
  answers?: Record<number, Record<string, string>>;
};

export const WORKED_EXAMPLE: Business = {
  name: 'BrightSpark Labs (the worked example: a solar robot kit for children)',
  kinds: ['children', 'consumers', 'us', 'canada'],
  facts: {},
};

export const LEDGERLOOP: Business = {
  name: 'LedgerLoop (software for accounting firms, in Germany and the Netherlands)',
  kinds: ['businesses', 'finance', 'eu'],
  facts: {
    company_name: 'LedgerLoop',
    sector: 'accounts-receivable automation software for small accounting firms',
    customer_type: 'businesses',
    target_audience:
      'Owners and office managers of accounting firms with 5 to 50 staff, who chase their own clients for unpaid invoices by email and phone; the owner signs off, the office team uses it every day.',
    target_region: 'Germany and the Netherlands',
    rule_regions: 'eu',
    sensitive_areas: 'finance',
    current_offer:
      'LedgerLoop Remind: automatic, polite payment reminders with a pay-by-link button, EUR 39 per firm per month, sold online with a 30-day trial.',
    brand_adjectives: 'precise, calm, dependable',
    concept_name: 'LedgerLoop Close',
    unmet_need:
      'Small firms lose two days every month reconciling who has paid, because their bank feed and their invoices do not match up on their own.',
    concept_description:
      'LedgerLoop Close connects to the firm bank account and its invoicing tool, matches incoming payments to open invoices every night, and sends the reminders for what is still open. The office manager reviews a short list of unmatched payments each morning.',
    proof_points:
      'In our pilot with 12 firms, 81% of payments were matched automatically in the first month (our own pilot, spring); certified to ISO 27001 (certificate on file).',
  },
  answers: {
    1: {
      research_questions:
        '1. How many accounting firms with 5 to 50 staff are there in Germany and the Netherlands?\n2. What do they pay today for practice software, per month?\n3. Who decides on new tools in such a firm, and how long does a decision take?',
      known_assumptions: 'Firms will pay more for reconciliation than for reminders. Owners decide alone.',
      exclusions: 'sole practitioners, large audit firms, payroll software',
      time_horizon: 'three_year',
      research_depth: 'quick_scan',
      research_findings:
        'Competitors: two large practice-management suites with reminder add-ons; a bank-feed matching tool sold to larger firms; spreadsheets and manual checks. Unmet needs: 1. Matching payments without a morning of manual work. 2. Reminders that stop as soon as a client pays.',
    },
    2: {
      competitors:
        'Two practice-management suites; a bank-feed matching tool; spreadsheets and manual checks',
      weight_market_share: '20',
      weight_innovation: '25',
      weight_channel_power: '30',
      weight_brand_strength: '25',
      extra_dimension: 'Integrations',
      weight_extra: '10',
      evidence_approach: 'team_knowledge',
      competitor_notes:
        'The suites are sold through the firms’ software partners; the matching tool has no Dutch version.',
      threat_summary:
        'High threats: the larger suite (3.9). Openings: 1. reconciliation for small firms at a fixed monthly price; 2. a Dutch version.',
    },
    3: {
      core_benefit:
        'Automatic matching of payments to invoices shortens the monthly close for small accounting firms.',
      research_focus: 'Firms of 5 to 50 staff; time spent on reconciliation each month.',
      evidence_horizon: 'recent',
      tone: 'scientific',
      statistic_style: 'percentage',
      claims_to_avoid: 'guaranteed on-time payment, zero errors, replaces your accountant',
      verified_evidence:
        'Hero statistic: 81% of payments were matched automatically in the first month (our own pilot with 12 firms). Do not claim: guaranteed on-time payment, zero errors.',
    },
    4: {
      unmet_needs:
        '1. Office managers want the bank feed and the invoices to agree without a morning of checking.',
      market_insights:
        'Firms buy in January and July; a monthly price under EUR 60 needs no partner sign-off.',
      competitor_gaps: 'The suites match payments only for their own invoicing module.',
      weight_feasibility: '40',
      weight_differentiation: '35',
      weight_margin: '25',
      constraints: 'Runs on the existing cloud setup; no on-premise version; launch within six months.',
      concept_count: '3',
      ambition: 'core',
      chosen_concept:
        'Hero: LedgerLoop Close, nightly matching of payments to invoices (score 3.9). Riskiest assumption: firms connect their bank account; test: five demos this month.',
    },
    5: {
      price_tier: 'mid',
      price_terms: 'EUR 49 per firm per month, billed monthly, cancel any time; 30-day trial',
      competitors_to_beat: 'The practice-management suites’ add-ons; spreadsheets',
      brief_reader: 'internal',
      launch_window: 'Beta in March, general release in July',
      brief_summary:
        'Tagline: Close the month before lunch. Proposition: LedgerLoop Close matches your payments overnight. Voice: do be precise and calm; do not hype.',
    },
    6: {
      key_message: 'Your payments, matched overnight.',
      chosen_statistic:
        '81% of payments matched automatically in the first month (LedgerLoop pilot, 12 firms)',
      visual_style: 'clean_minimalist',
      perspective: 'lifestyle',
      brand_color: '#1E6F5C',
      voice_persona: 'expert',
      own_persona: 'A calm senior bookkeeper who has seen every kind of month-end.',
      music_genre: 'light_electronic',
      asset_channel: 'web',
      asset_summary:
        'Key visual: an office desk at 9 am with a short list of unmatched payments on screen (a real screenshot). Video: 30 seconds, landscape, the Expert voice.',
    },
    7: {
      agent_name: 'Lena',
      agent_persona:
        'Calm and precise; answers in one or two sentences and offers a demo when the question is complex.',
      primary_goal: 'signups',
      agent_context:
        'LedgerLoop Close: EUR 49 per firm per month, 30-day trial, works with the two main Dutch and German banks. Support: support@ledgerloop.example, weekdays 9-17 CET.',
      knowledge_handling: 'in_prompt',
      boundaries:
        'No tax or accounting advice. Hand over pricing exceptions, contract questions and complaints to support.',
      first_message:
        'Hello, I am Lena, the LedgerLoop assistant. Are you looking at LedgerLoop for your firm?',
      languages: 'German and Dutch; English if the caller prefers',
      agent_summary:
        'Share link: https://voice.example/ledgerloop. Passed 8 of 10 tests. Still to confirm: bank list for Belgium.',
    },
    8: {
      pitch:
        'LedgerLoop Close matches your firm’s payments to invoices overnight, so the month closes before lunch.',
      brief_approach: 'generate',
      brief: 'Lead with the pilot result; the main button books a demo.',
      faqs: 'Which banks work? Is client data stored in the EU? Can we cancel monthly?',
      launch_note: 'Beta places for 20 firms in March. Button: "Book a demo".',
      builder_type: 'site_builder',
      voice_agent_link: 'https://voice.example/ledgerloop',
      launch_summary: 'Live at https://ledgerloop.example. Still to do: the Dutch version of the page.',
    },
  },
};

export const HEARTH_AND_BEAN: Business = {
  name: 'Hearth & Bean (a coffee roaster and café in Bristol)',
  kinds: ['food', 'consumers', 'uk'],
  facts: {
    company_name: 'Hearth & Bean',
    sector: 'specialty coffee beans roasted to order for home brewers',
    customer_type: 'consumers',
    target_audience:
      'Home brewers in the south-west of England who own a grinder and buy beans every two to three weeks, and their friends who buy them coffee as a present.',
    target_region: 'the United Kingdom',
    rule_regions: 'uk',
    sensitive_areas: 'food',
    current_offer:
      'Single-origin beans roasted every Tuesday, GBP 9 a bag, sold in our Bristol café and online.',
    brand_adjectives: 'warm, crafted, unpretentious',
    concept_name: 'Roast Club',
    unmet_need: 'Home brewers want fresh beans before they run out, without remembering to reorder.',
    concept_description:
      'Roast Club sends a 250 g bag of beans roasted that week, every two or three weeks, by post. Members choose their grind and skip or pause deliveries online.',
    proof_points: '94% of 120 café customers rated our beans 4 or 5 out of 5 (our own survey, autumn).',
  },
  answers: {
    1: {
      research_questions:
        '1. How many people in the UK buy specialty beans for home, and how often?\n2. What do they pay per bag?\n3. Why do they cancel coffee subscriptions?',
      known_assumptions: 'Freshness matters more than origin. Most buyers grind at home.',
      exclusions: 'capsules, instant coffee, wholesale to other cafés',
      time_horizon: 'last_12_months',
      research_depth: 'deep_dive',
      research_findings:
        'Competitors: three national online roasters; supermarket own-label beans; local cafés selling bags. Unmet needs: 1. Fresh beans before the bag runs out. 2. Flexible deliveries.',
    },
    2: {
      competitors: 'Three national online roasters; supermarket own-label beans; local cafés',
      weight_market_share: '20',
      weight_innovation: '15',
      weight_channel_power: '30',
      weight_brand_strength: '35',
      extra_dimension: 'Freshness',
      weight_extra: '10',
      evidence_approach: 'web_research',
      competitor_notes: 'The national roasters post within two days; supermarket beans carry no roast date.',
      threat_summary:
        'High threats: the largest online roaster (3.8). Openings: 1. roast date on every bag; 2. local delivery.',
    },
    3: {
      core_benefit: 'Coffee brewed within a few weeks of roasting tastes fresher to home brewers.',
      research_focus: 'Time since roasting; home brewing.',
      evidence_horizon: 'established',
      tone: 'persuasive',
      statistic_style: 'comparison',
      claims_to_avoid: 'best coffee in Britain, ethically perfect',
      verified_evidence:
        'Hero statistic: 94% of 120 café customers rated our beans 4 or 5 out of 5 (our own survey). Do not claim: best coffee in Britain.',
    },
    4: {
      unmet_needs:
        '1. Home brewers want fresh beans before they run out.\n2. Gift buyers want a present that lasts.',
      market_insights: 'Bags of 250 g sell best; delivery through the letterbox matters.',
      competitor_gaps: 'National roasters are not local; supermarket beans are not fresh.',
      weight_feasibility: '40',
      weight_differentiation: '30',
      weight_margin: '30',
      constraints: 'Roast once a week; post through the letterbox; no new equipment.',
      concept_count: '8',
      ambition: 'adjacent',
      chosen_concept:
        'Hero: Roast Club, beans roasted that week by post (score 4.0). Riskiest assumption: members keep it past three months.',
    },
    5: {
      price_tier: 'premium',
      price_terms: 'GBP 9 a 250 g bag, every two or three weeks; pause or cancel online',
      competitors_to_beat: 'National online roasters’ subscriptions; supermarket beans',
      brief_reader: 'agency',
      launch_window: 'Launch in October, ahead of the gift season',
      brief_summary:
        'Tagline: Roasted this week. Proposition: fresh beans before you run out. Voice: warm and plain.',
    },
    6: {
      key_message: 'Beans roasted this week, before you run out.',
      chosen_statistic: '94% of 120 café customers rated our beans 4 or 5 out of 5 (Hearth & Bean survey)',
      visual_style: 'organic_natural',
      perspective: 'hands_on',
      brand_color: '#8B4A2B',
      voice_persona: 'own',
      own_persona: 'A friendly roaster in her thirties who talks about coffee without jargon.',
      music_genre: 'upbeat_acoustic',
      asset_channel: 'social',
      asset_summary:
        'Key visual: hands pouring beans into a grinder at a sunny window, our real bag composited in.',
    },
    7: {
      agent_name: 'Ivy',
      agent_persona: 'Warm and plain-spoken; asks how the caller brews before recommending a grind.',
      primary_goal: 'kit_finder',
      agent_context:
        'Roast Club: GBP 9 per 250 g bag, every two or three weeks, free UK postage, pause or cancel online. Café: 12 Mill Lane, Bristol, 8-4 daily. Contact: hello@hearthandbean.example.',
      knowledge_handling: 'hybrid',
      boundaries:
        'No promises about delivery dates beyond the policy. Hand over complaints and wholesale enquiries.',
      first_message: 'Hi, I am Ivy, the Hearth & Bean assistant. How do you brew at home?',
      languages: 'English',
      agent_summary: 'Share link: https://voice.example/hearth. Passed 9 of 10 tests.',
    },
    8: {
      pitch:
        'Roast Club posts beans roasted this week to your door, every two or three weeks, before you run out.',
      brief_approach: 'existing',
      brief:
        'Roast Club brief: proposition fresh beans before you run out; audience home brewers; GBP 9 a bag; voice warm and plain.',
      faqs: 'How fresh is it? Can I pause? Which grind should I choose?',
      launch_note: 'Founding members get the first bag free in October. Button: "Join Roast Club".',
      builder_type: 'prompt_to_app',
      voice_agent_link: 'https://voice.example/hearth',
      launch_summary: 'Live at https://hearthandbean.example. Still to do: photos of the October roasts.',
    },
  },
};

export const BUSINESSES: readonly Business[] = [WORKED_EXAMPLE, LEDGERLOOP, HEARTH_AND_BEAN];

/**
 * Words a prompt uses only for a kind of business: a prompt for a business that is not of that kind must not
 * contain them (outside the team's own answers). The list is the test's, kept here.
 */
export const KIND_WORDS: Record<BusinessKind, readonly RegExp[]> = {
  children: [
    /\bchild(ren)?('s)?\b/i,
    /\bkids?\b/i,
    /\bparents?\b/i,
    /\btoys?\b/i,
    /\bCOPPA\b/,
    /\bsmall parts\b/i,
    /\bchoking\b/i,
    /\bage grading\b/i,
    /\bCARU\b/,
    /\bminors\b/i,
    /\bfamily-appropriate\b/i,
  ],
  health: [
    /\bmedical\b/i,
    /\bclinical\b/i,
    /\bdoctor\b/i,
    /\bMHRA\b/,
    /\bdiagnosis\b/i,
    /\bwellbeing\b/i,
    /\bhealth products\b/i,
  ],
  food: [
    /\bfood\b/i,
    /\ballergens?\b/i,
    /\ballergy\b/i,
    /\bshelf life\b/i,
    /\bhygiene\b/i,
    /\bingredients\b/i,
  ],
  finance: [
    /\bfinancial promotions?\b/i,
    /\bFCA\b/,
    /\binvest(ing)?\b/i,
    /\bborrow\b/i,
    /\bPINs?\b/,
    /\bfinancial advice\b/i,
  ],
  consumers: [/\bhouseholds?\b/i, /\bcancel an online purchase\b/i],
  businesses: [/\bsigns? off\b/i, /\bpricing model\b/i, /\bbusiness buyers\b/i, /\bcontract terms\b/i],
  us: [/\bUnited States\b/, /\bFTC\b/, /\bCAN-SPAM\b/, /\bCensus Bureau\b/, /\bFDA\b/, /\bUS states\b/],
  canada: [/\bCanada\b/, /\bCanadian\b/, /\bQuebec\b/, /\bCASL\b/, /\bPIPEDA\b/],
  uk: [
    /\bUnited Kingdom\b/,
    /\bUK\b/,
    /\bCAP Code\b/,
    /\bPECR\b/,
    /\bICO\b/,
    /\bONS\b|Office for National Statistics/,
  ],
  eu: [/\bEU\b/, /\bEuropean\b/, /(?<!UK )\bGDPR\b/, /\bAI Act\b/, /\bEurostat\b/],
};
