/**
 * Businesses of different kinds, with every answer of every activity, for the tests that read the prompts as
 * such a team would: the worked example (a children's product sold to consumers in the United States and
 * Canada: the configs' placeholders and src/shared/worked-example.ts), a business-to-business software
 * service in the EU that handles money, and a local food business in the United Kingdom; three that sell
 * to businesses with the risks of the later sensitive areas (BUSINESS_BUYERS); and three regulated services
 * sold to businesses (REGULATED_SERVICES). Each lists the kinds of business it is, so a test can tell which
 * words belong to another kind.
 */

/** The kinds a business can be, each with words that belong to it (and to no other kind) in a prompt. */
export type BusinessKind =
  | 'children'
  | 'health'
  | 'food'
  | 'finance'
  | 'personal_data'
  | 'safety'
  | 'advice'
  | 'employment'
  | 'employment_advice'
  | 'staff_records'
  | 'consumers'
  | 'businesses'
  | 'us'
  | 'canada'
  | 'uk'
  | 'eu'
  | 'other';

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
    offer_kind: 'software',
    target_audience:
      'Owners and office managers of accounting firms with 5 to 50 staff, who chase their own clients for unpaid invoices by email and phone; the owner signs off, the office team uses it every day.',
    target_region: 'Germany and the Netherlands',
    rule_regions: 'eu',
    sensitive_areas: 'finance',
    own_sensitive_area: "clients' unpaid invoices shown to their own customers",
    claims_to_avoid: 'guaranteed on-time payment, zero errors, replaces your accountant',
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
    offer_kind: 'product',
    target_audience:
      'Home brewers in the south-west of England who own a grinder and buy beans every two to three weeks, and their friends who buy them coffee as a present.',
    target_region: 'the United Kingdom',
    rule_regions: 'uk',
    sensitive_areas: 'food',
    own_sensitive_area: 'the caffeine in our cold brew',
    claims_to_avoid: 'best coffee in Britain, ethically perfect',
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

/** Business-to-business software built on data about its customers' employees, in the UK and Ireland. */
export const SHIFTSENSE: Business = {
  name: 'ShiftSense (shift and attendance analytics for warehouse operators, in the UK and Ireland)',
  kinds: ['businesses', 'personal_data', 'uk', 'eu'],
  facts: {
    company_name: 'ShiftSense',
    sector: 'workforce scheduling and attendance software for warehouses and logistics sites',
    customer_type: 'businesses',
    offer_kind: 'software',
    target_audience:
      'Operations managers of warehouses and logistics sites with 100 to 1,000 staff, who plan shifts in spreadsheets and find out about gaps on the morning; the operations director signs off, the shift leads use it every day.',
    target_region: 'the United Kingdom and Ireland',
    rule_regions: 'uk, eu',
    sensitive_areas: 'personal_data',
    own_sensitive_area: "union representatives' access to shift data",
    claims_to_avoid: 'no more agency staff, staff love being tracked, fully anonymous',
    current_offer:
      'ShiftSense Rota: shift planning from the staff rota and clock-in data, GBP 4 per employee per month, sold on a yearly contract after a demo.',
    brand_adjectives: 'clear, fair, reliable',
    concept_name: 'ShiftSense Cover',
    unmet_need:
      'Operations managers learn about a gap in the next shift only when someone does not turn up, and then spend the morning on the phone.',
    concept_description:
      'ShiftSense Cover reads the rota and the clock-in records, flags the shifts that are likely to be short two days ahead, and offers the open shift to staff who have said they want extra hours. Shift leads approve each offer. Staff see and correct their own availability in the app.',
    proof_points:
      'At three pilot sites, unfilled shifts fell from 6% to 2% in eight weeks (our own pilot, spring); certified to ISO 27001 (certificate on file).',
  },
  answers: {
    1: {
      research_questions:
        '1. How many warehouses and logistics sites with 100 to 1,000 staff are there in the UK and Ireland?\n2. What do they use for shift planning today, and what do they pay?\n3. What do their staff and unions say about software that uses attendance data?',
      known_assumptions:
        'Sites lose more to unfilled shifts than to overtime. Operations directors decide alone.',
      exclusions: 'payroll, recruitment agencies, sites under 100 staff',
      time_horizon: 'three_year',
      research_depth: 'deep_dive',
      research_findings:
        'Competitors: two large workforce-management suites; rota apps for hospitality; spreadsheets. Unmet needs: 1. Knowing about a short shift before the day. 2. Offering extra hours fairly.',
    },
    2: {
      competitors: 'Two workforce-management suites; hospitality rota apps; spreadsheets and phone calls',
      weight_market_share: '25',
      weight_innovation: '20',
      weight_channel_power: '30',
      weight_brand_strength: '25',
      extra_dimension: 'Integrations',
      weight_extra: '10',
      evidence_approach: 'web_research',
      competitor_notes:
        'The suites sell through payroll partners and sit on public-sector buying frameworks.',
      threat_summary:
        'High threats: the larger suite (3.9). Openings: 1. forecasting short shifts for mid-size sites; 2. fair offers of extra hours.',
    },
    3: {
      core_benefit: 'Warning of a short shift two days ahead lets sites fill it without agency staff.',
      research_focus: 'Warehouses and logistics sites; unfilled shifts and agency costs.',
      evidence_horizon: 'recent',
      tone: 'scientific',
      statistic_style: 'percentage',
      verified_evidence:
        'Hero statistic: unfilled shifts fell from 6% to 2% in eight weeks at three pilot sites (our own pilot). Do not claim: no more agency staff, fully anonymous.',
    },
    4: {
      unmet_needs: '1. Operations managers want to know about a short shift before the morning it happens.',
      market_insights:
        'Sites renew software contracts in April; a yearly price under GBP 20,000 needs no tender.',
      competitor_gaps: 'The suites forecast only for sites of more than 1,000 staff.',
      weight_feasibility: '35',
      weight_differentiation: '40',
      weight_margin: '25',
      constraints:
        'Uses the rota and clock-in data we already hold; no new hardware; launch within six months.',
      concept_count: '5',
      ambition: 'adjacent',
      chosen_concept:
        'Hero: ShiftSense Cover, two-day warnings of short shifts with offers to willing staff (score 4.0). Riskiest assumption: staff opt in to offers; test: two sites this month.',
    },
    5: {
      price_tier: 'mid',
      price_terms: 'GBP 2 per employee per month on top of ShiftSense Rota, on the same yearly contract',
      competitors_to_beat: 'The workforce-management suites; agency staff booked on the day',
      brief_reader: 'manufacturer',
      launch_window: 'Beta at three sites in March, general release in September',
      brief_summary:
        'Tagline: Know the gap before the shift. Proposition: ShiftSense Cover warns you two days ahead. Voice: do be clear and fair; do not hype.',
    },
    6: {
      key_message: 'Know the gap before the shift.',
      chosen_statistic: 'Unfilled shifts fell from 6% to 2% in eight weeks (ShiftSense pilot, three sites)',
      visual_style: 'clean_minimalist',
      perspective: 'interface',
      brand_color: '#2F5D8A',
      voice_persona: 'expert',
      own_persona: 'A calm operations lead who has run night shifts.',
      music_genre: 'light_electronic',
      asset_channel: 'professional',
      asset_summary:
        'Key visual: a shift lead at a desk with the two-day forecast on screen (a real screenshot with invented names). Video: 30 seconds, square, the Expert voice.',
    },
    7: {
      agent_name: 'Sam',
      agent_persona: 'Calm and clear; answers in one or two sentences and books a demo when the site fits.',
      primary_goal: 'demo',
      agent_context:
        'ShiftSense Cover: GBP 2 per employee per month on top of ShiftSense Rota, yearly contract. Data hosted in the UK. Works with the two main payroll systems. Demos: weekdays 9-17. Contact: sales@shiftsense.example.',
      knowledge_handling: 'knowledge_base',
      boundaries:
        'No employment-law advice. Hand over contract questions, data-protection questions from staff and complaints to our team.',
      first_message: 'Hello, I am Sam, the ShiftSense assistant. Are you planning shifts for a site?',
      languages: 'English',
      agent_summary: 'Share link: https://voice.example/shiftsense. Passed 10 of 12 tests.',
    },
    8: {
      pitch:
        'ShiftSense Cover warns you two days ahead of a short shift and offers it to staff who want the hours.',
      brief_approach: 'generate',
      brief: 'Lead with the pilot result; the main button books a demo.',
      faqs: 'Where is the data kept? Can staff see their own records? Which payroll systems does it work with?',
      launch_note: 'Beta places for three sites in March. Button: "Book a demo".',
      builder_type: 'prompt_to_app',
      voice_agent_link: 'https://voice.example/shiftsense',
      launch_summary: 'Live at https://shiftsense.example. Still to do: the Irish case study.',
    },
  },
};

/** A regulated professional service: a law firm's fixed-fee advice to small employers, in England and Wales. */
export const FAIRHAND_LEGAL: Business = {
  name: 'Fairhand Legal (fixed-fee employment-law advice for small employers, in England and Wales)',
  kinds: ['businesses', 'advice', 'uk'],
  facts: {
    company_name: 'Fairhand Legal',
    sector: 'employment-law advice for small employers',
    customer_type: 'businesses',
    offer_kind: 'professional_service',
    target_audience:
      'Owners and office managers of firms with 10 to 100 staff and no HR department, who need an answer the same day when a problem with an employee comes up; the owner pays, the office manager calls.',
    target_region: 'England and Wales',
    rule_regions: 'uk',
    sensitive_areas: 'advice',
    own_sensitive_area: "clients' settlement agreements",
    claims_to_avoid: 'guaranteed to win at tribunal, no solicitor needed, instant legal advice',
    current_offer:
      'Fairhand Advice Line: unlimited calls with our solicitors, GBP 95 per month on a yearly contract.',
    brand_adjectives: 'plain-spoken, steady, expert',
    concept_name: 'Fairhand First Answer',
    unmet_need:
      'Small employers wait a day for a solicitor to call back about a routine question, and act in the meantime without advice.',
    concept_description:
      'Fairhand First Answer drafts a written answer to an employer’s question within the hour from our own guidance notes; a solicitor reviews and signs every answer before it is sent, and the employer can book a call about it.',
    proof_points:
      'In a three-month trial with 40 clients, 92% of first answers were approved by the reviewing solicitor without changes (our own trial, autumn); the firm is authorised and regulated by the SRA (registration on file).',
  },
  answers: {
    1: {
      research_questions:
        '1. How many employers with 10 to 100 staff in England and Wales have no HR department?\n2. What do they pay for employment-law advice today?\n3. How do they choose an adviser?',
      known_assumptions: 'Owners value speed over price. Most questions are routine.',
      exclusions: 'large employers, employees seeking advice, tribunal representation',
      time_horizon: 'last_12_months',
      research_depth: 'standard',
      research_findings:
        'Competitors: national HR-advice subscriptions; local solicitors billing by the hour; free guidance from public bodies. Unmet needs: 1. A written answer the same day. 2. A fixed price.',
    },
    2: {
      competitors: 'National HR-advice subscriptions; local solicitors; free public guidance',
      weight_market_share: '20',
      weight_innovation: '20',
      weight_channel_power: '25',
      weight_brand_strength: '35',
      extra_dimension: 'Speed of answer',
      weight_extra: '15',
      evidence_approach: 'team_knowledge',
      competitor_notes: 'The subscriptions are sold through accountants and trade associations.',
      threat_summary:
        'High threats: the largest subscription (3.7). Openings: 1. a signed written answer the same day; 2. one fixed monthly price.',
    },
    3: {
      core_benefit:
        'A written answer reviewed by a solicitor the same day helps small employers act lawfully.',
      research_focus: 'Employers with 10 to 100 staff; disputes that start from routine questions.',
      evidence_horizon: 'established',
      tone: 'persuasive',
      statistic_style: 'human_scale',
      verified_evidence:
        'Hero statistic: 92% of first answers were approved by the reviewing solicitor without changes (our own trial with 40 clients). Do not claim: guaranteed to win at tribunal, no solicitor needed.',
    },
    4: {
      unmet_needs: '1. Small employers want a reliable written answer the same day, at a known price.',
      market_insights: 'Owners buy after a problem, not before; accountants recommend advisers.',
      competitor_gaps: 'The subscriptions answer by phone only and give nothing in writing.',
      weight_feasibility: '40',
      weight_differentiation: '35',
      weight_margin: '25',
      constraints:
        'Every answer is reviewed by one of our solicitors; no new office; launch within four months.',
      concept_count: '3',
      ambition: 'core',
      chosen_concept:
        'Hero: Fairhand First Answer, written answers within the hour, signed by a solicitor (score 3.9). Riskiest assumption: clients trust a drafted answer; test: ten clients this month.',
    },
    5: {
      price_tier: 'premium',
      price_terms: 'GBP 145 per month on a yearly contract, including the Advice Line; three months’ notice',
      competitors_to_beat: 'National HR-advice subscriptions; solicitors billing by the hour',
      brief_reader: 'internal',
      launch_window: 'Pilot with existing clients in January, open to new clients in April',
      brief_summary:
        'Tagline: A signed answer the same day. Proposition: a solicitor signs every answer. Voice: do be plain and steady; do not promise outcomes.',
    },
    6: {
      key_message: 'A signed answer the same day.',
      chosen_statistic:
        '92% of first answers approved by the reviewing solicitor without changes (Fairhand trial)',
      visual_style: 'elegant_sensual',
      perspective: 'lifestyle',
      brand_color: '#3B3F6B',
      voice_persona: 'guide',
      own_persona: 'A patient senior solicitor who explains one step at a time.',
      music_genre: 'orchestral_wonder',
      asset_channel: 'web',
      asset_summary:
        'Key visual: an office manager reading a signed answer on a laptop at a small firm’s desk.',
    },
    7: {
      agent_name: 'Ada',
      agent_persona:
        'Steady and plain-spoken; explains what the service covers and books a call with a solicitor.',
      primary_goal: 'product_questions',
      agent_context:
        'Fairhand First Answer: GBP 145 per month on a yearly contract, three months’ notice. Answers within the hour on weekdays 9-17, signed by a solicitor. Contact: hello@fairhand.example.',
      knowledge_handling: 'hybrid',
      boundaries: 'No advice on a caller’s own case. Hand over anything about a live dispute to a solicitor.',
      first_message:
        'Hello, I am Ada, the Fairhand Legal assistant. Are you an employer looking for advice support?',
      languages: 'English and Welsh',
      agent_summary: 'Share link: https://voice.example/fairhand. Passed 11 of 12 tests.',
    },
    8: {
      pitch:
        'Fairhand First Answer gives small employers a written answer the same day, signed by a solicitor.',
      brief_approach: 'existing',
      brief:
        'Fairhand First Answer brief: proposition a signed answer the same day; audience owners and office managers of small firms; GBP 145 per month; voice plain and steady.',
      faqs: 'Who signs the answer? What does it cost? Can we cancel?',
      launch_note: 'Open to new clients in April. Button: "Book a call".',
      builder_type: 'site_builder',
      voice_agent_link: 'https://voice.example/fairhand',
      launch_summary: 'Live at https://fairhand.example. Still to do: the Welsh version of the page.',
    },
  },
};

/** A safety device people rely on, built on data about drivers, sold to fleets in the United States and Canada. */
export const ROADWISE: Business = {
  name: 'RoadWise (a dashcam with driver alerts for van and truck fleets, in the United States and Canada)',
  kinds: ['businesses', 'safety', 'personal_data', 'us', 'canada'],
  facts: {
    company_name: 'RoadWise',
    sector: 'in-cab driver alert cameras for commercial vehicle fleets',
    customer_type: 'businesses',
    offer_kind: 'mix',
    target_audience:
      'Fleet and safety managers of companies running 20 to 500 vans or trucks, who answer for their drivers’ safety and their insurance costs; the fleet manager chooses, the drivers live with it.',
    target_region: 'the United States and Canada',
    rule_regions: 'us, canada',
    sensitive_areas: 'safety, personal_data',
    own_sensitive_area: 'footage of members of the public',
    claims_to_avoid: 'prevents crashes, guarantees lower insurance, drivers never notice it',
    current_offer:
      'RoadWise Cam: a forward-facing dashcam with cloud video, USD 29 per vehicle per month on a two-year contract.',
    brand_adjectives: 'alert, fair, no-nonsense',
    concept_name: 'RoadWise Alert',
    unmet_need:
      'Fleet managers see a risky moment only after it turns into a claim, and drivers feel watched rather than helped.',
    concept_description:
      'RoadWise Alert adds a driver-facing camera that sounds an in-cab alert for signs of drowsiness, phone use or following too closely. Video is kept only around an alert, and drivers see their own alerts before their manager does.',
    proof_points:
      'In a six-month pilot with four fleets, alerts per 1,000 miles fell by 38% (our own pilot, spring); the camera is certified to FCC Part 15 (report on file).',
  },
  answers: {
    1: {
      research_questions:
        '1. How many fleets of 20 to 500 vehicles run in the United States and Canada?\n2. What do they pay per vehicle for cameras today?\n3. What do drivers and their unions say about driver-facing cameras?',
      known_assumptions: 'Insurers push fleets to install cameras. Drivers accept alerts they see first.',
      exclusions: 'private cars, buses, fleets under 20 vehicles',
      time_horizon: 'five_year',
      research_depth: 'quick_scan',
      research_findings:
        'Competitors: three large fleet-telematics platforms; insurer-supplied cameras; no camera at all. Unmet needs: 1. Alerts that help the driver in the moment. 2. Video kept only when it matters.',
    },
    2: {
      competitors: 'Three fleet-telematics platforms; insurer-supplied cameras; no camera',
      weight_market_share: '30',
      weight_innovation: '25',
      weight_channel_power: '25',
      weight_brand_strength: '20',
      extra_dimension: 'Driver acceptance',
      weight_extra: '10',
      evidence_approach: 'web_research',
      competitor_notes: 'The platforms sell through telematics resellers and insurer programmes.',
      threat_summary:
        'High threats: the largest platform (4.1). Openings: 1. driver-first alerts; 2. video kept only around an alert.',
    },
    3: {
      core_benefit: 'In-cab alerts for drowsiness and phone use lower the rate of risky driving events.',
      research_focus: 'Commercial drivers; drowsiness and distraction; alerts in the cab.',
      evidence_horizon: 'established',
      tone: 'scientific',
      statistic_style: 'comparison',
      verified_evidence:
        'Hero statistic: alerts per 1,000 miles fell by 38% over six months (our own pilot with four fleets). Do not claim: prevents crashes, guarantees lower insurance.',
    },
    4: {
      unmet_needs: '1. Fleet managers want drivers warned in the moment, not told off after a claim.',
      market_insights: 'Fleets buy through telematics resellers; contracts run two to three years.',
      competitor_gaps: 'The platforms send alerts to managers first and keep video all day.',
      weight_feasibility: '30',
      weight_differentiation: '45',
      weight_margin: '25',
      constraints: 'Fits the existing RoadWise Cam mount; no new cloud provider; launch within nine months.',
      concept_count: '8',
      ambition: 'bold',
      chosen_concept:
        'Hero: RoadWise Alert, driver-first alerts with video kept only around them (score 4.2). Riskiest assumption: drivers accept a driver-facing camera; test: ride-alongs with two fleets.',
    },
    5: {
      price_tier: 'entry',
      price_terms: 'USD 12 per vehicle per month on top of RoadWise Cam, on the same two-year contract',
      competitors_to_beat: 'The fleet-telematics platforms’ camera add-ons; insurer-supplied cameras',
      brief_reader: 'agency',
      launch_window: 'Pilot fleets in May, general release in October',
      brief_summary:
        'Tagline: Eyes on the road, alerts in the cab. Proposition: the driver hears it first. Voice: do be plain and fair; do not scare.',
    },
    6: {
      key_message: 'The driver hears it first.',
      chosen_statistic: 'Alerts per 1,000 miles fell by 38% in six months (RoadWise pilot, four fleets)',
      visual_style: 'bold_dynamic',
      perspective: 'product_hero',
      brand_color: '#D9480F',
      voice_persona: 'own',
      own_persona: 'A veteran long-haul driver who talks straight and never lectures.',
      music_genre: 'lofi',
      asset_channel: 'both',
      asset_summary:
        'Key visual: the camera on a windscreen at dusk, our real product photo composited in. Video: 30 seconds, both formats, our own driver voice.',
    },
    7: {
      agent_name: 'Jo',
      agent_persona: 'Plain and fair; asks about the fleet before explaining the pilot.',
      primary_goal: 'signups',
      agent_context:
        'RoadWise Alert: USD 12 per vehicle per month on top of RoadWise Cam, two-year contract. Pilot places for fleets of 20 vehicles or more. Video kept for 30 days around an alert. Contact: fleets@roadwise.example.',
      knowledge_handling: 'in_prompt',
      boundaries:
        'No promises about insurance premiums. Hand over drivers asking about their own video, contract questions and complaints.',
      first_message: 'Hi, I am Jo, the RoadWise assistant. How many vehicles does your fleet run?',
      languages: 'English and French',
      agent_summary: 'Share link: https://voice.example/roadwise. Passed 10 of 12 tests.',
    },
    8: {
      pitch: 'RoadWise Alert warns your drivers in the cab when they are drowsy, distracted or too close.',
      brief_approach: 'generate',
      brief: 'Lead with the pilot result and what drivers see; the main button asks for a pilot place.',
      faqs: 'What does the driver see? How long is video kept? Does it work with our telematics?',
      launch_note: 'Pilot places for ten fleets in May. Button: "Join the pilot".',
      builder_type: 'site_builder',
      voice_agent_link: 'https://voice.example/roadwise',
      launch_summary: 'Live at https://roadwise.example. Still to do: the French version of the page.',
    },
  },
};

/**
 * A regulated health service sold to employers: drug and alcohol testing and fitness-for-duty exams for
 * trucking and construction firms, in three US states, under the rules on health data, workers and safety.
 */
export const STEADFAST_OCCUPATIONAL_HEALTH: Business = {
  name: 'Steadfast Occupational Health (drug and alcohol testing and fitness-for-duty exams for employers, in three US states)',
  kinds: ['businesses', 'health', 'personal_data', 'safety', 'employment', 'us'],
  facts: {
    company_name: 'Steadfast Occupational Health',
    sector: 'workplace drug and alcohol testing and fitness-for-duty exams for employers',
    customer_type: 'businesses',
    offer_kind: 'in_person_service',
    target_audience:
      'Safety and HR managers of trucking and construction firms with 20 to 500 workers, who must test drivers and crews before hiring, at random and after incidents; the safety manager books the tests, the owner signs the contract, the workers are the ones tested.',
    target_region: 'Texas, Oklahoma and Louisiana',
    rule_regions: 'us',
    sensitive_areas: 'health, personal_data, safety, employment',
    own_sensitive_area: 'results for workers in safety-critical jobs',
    claims_to_avoid: '100% accurate results, a test no one can cheat, keeps you fully compliant',
    current_offer:
      'Drug and alcohol tests for DOT-regulated drivers at our four clinics, USD 65 per test, with every positive result reviewed by our medical review officer.',
    brand_adjectives: 'discreet, precise, dependable',
    concept_name: 'Steadfast Same-Day',
    unmet_need:
      'After a crash or a reasonable-suspicion report, a fleet must test a driver within hours, and the nearest collection site is often two hours away.',
    concept_description:
      'Steadfast Same-Day sends a certified collector to the yard or the job site within two hours of a call, for post-accident and reasonable-suspicion tests. Results go through our medical review officer to the employer’s designated representative only, and the worker is told how to ask about their own result.',
    proof_points:
      'In our log of 1,240 call-outs last year, a collector arrived within two hours in 93% of them (our records, checked by our auditor); our collectors are certified to the DOT’s collection rules (certificates on file).',
  },
  answers: {
    1: {
      research_questions:
        '1. How many trucking and construction firms with 20 to 500 workers in Texas, Oklahoma and Louisiana must test under DOT rules?\n2. What do they pay per test today, and for call-outs?\n3. Who chooses the testing provider, and how often do they switch?',
      known_assumptions: 'Speed after an accident matters more than price. Safety managers choose alone.',
      exclusions: 'hospital occupational medicine departments, home test kits, workers’ compensation care',
      time_horizon: 'last_12_months',
      research_depth: 'quick_scan',
      research_findings:
        'Competitors: two national testing networks with collection sites in pharmacies; hospital occupational medicine clinics; local mobile collectors. Unmet needs: 1. A collector on site within two hours, day or night. 2. One invoice for every site.',
    },
    2: {
      competitors:
        'Two national testing networks; hospital occupational medicine clinics; local mobile collectors',
      weight_market_share: '25',
      weight_innovation: '15',
      weight_channel_power: '30',
      weight_brand_strength: '30',
      extra_dimension: 'Response time',
      weight_extra: '15',
      evidence_approach: 'team_knowledge',
      competitor_notes:
        'The networks are sold through third-party administrators; the hospitals close their clinics at night.',
      threat_summary:
        'High threats: the largest network (3.9). Openings: 1. call-outs within two hours, day and night; 2. one account for every yard.',
    },
    3: {
      core_benefit:
        'Testing a driver within two hours of an accident gives the employer a valid result within the time the rules allow.',
      research_focus: 'Post-accident testing windows; trucking and construction; rural sites.',
      evidence_horizon: 'established',
      tone: 'scientific',
      statistic_style: 'percentage',
      verified_evidence:
        'Hero statistic: a collector arrived within two hours in 93% of 1,240 call-outs last year (our own log). Do not claim: 100% accurate results, keeps you fully compliant.',
    },
    4: {
      unmet_needs:
        '1. Safety managers want a collector on site within two hours of an accident, day or night.',
      market_insights: 'Firms sign yearly testing contracts; post-accident tests have strict time limits.',
      competitor_gaps: 'The networks send drivers to pharmacies that close at night.',
      weight_feasibility: '40',
      weight_differentiation: '35',
      weight_margin: '25',
      constraints: 'Uses our certified collectors and our MRO; no new clinic; launch within four months.',
      concept_count: '3',
      ambition: 'adjacent',
      chosen_concept:
        'Hero: Steadfast Same-Day, a collector on site within two hours (score 4.0). Riskiest assumption: firms pay a call-out fee; test: five fleets this month.',
    },
    5: {
      price_tier: 'premium',
      price_terms: 'USD 185 per call-out including the test, on a yearly testing contract; no minimum',
      competitors_to_beat: 'The national testing networks; driving workers to the nearest clinic',
      brief_reader: 'internal',
      launch_window: 'Houston and Tulsa in March, the rest of the three states by June',
      brief_summary:
        'Tagline: On site within two hours. Proposition: a valid test where the incident happened. Voice: do be calm and exact; do not frighten or promise.',
    },
    6: {
      key_message: 'A certified collector on site within two hours.',
      chosen_statistic:
        'A collector arrived within two hours in 93% of 1,240 call-outs last year (Steadfast log)',
      visual_style: 'clean_minimalist',
      perspective: 'lifestyle',
      brand_color: '#1F4E79',
      voice_persona: 'expert',
      own_persona: 'A calm former fleet safety manager who speaks plainly.',
      music_genre: 'none',
      asset_channel: 'professional',
      asset_summary:
        'Key visual: our white van arriving at a truck yard at dawn, no person tested in view. Video: 30 seconds, square, the Expert voice, no music.',
    },
    7: {
      agent_name: 'Dana',
      agent_persona: 'Calm and exact; asks about the fleet and the states before explaining call-outs.',
      primary_goal: 'demo',
      agent_context:
        'Steadfast Same-Day: USD 185 per call-out including the test, yearly contract. Call-outs in Texas, Oklahoma and Louisiana, day and night. Contact: accounts@steadfast.example.',
      knowledge_handling: 'in_prompt',
      boundaries:
        'Never discuss a test or a worker. Workers asking about their own result go to our medical review officer’s office (mro@steadfast.example); contract questions go to our account team.',
      first_message: 'Hello, I am Dana, the Steadfast assistant. Are you arranging testing for your firm?',
      languages: 'English and Spanish',
      agent_summary: 'Share link: https://voice.example/steadfast. Passed 13 of 15 tests.',
    },
    8: {
      pitch:
        'Steadfast Same-Day sends a certified collector to your yard or site within two hours of an accident.',
      brief_approach: 'generate',
      brief: 'Lead with the two-hour figure; the main button books a call with our account team.',
      faqs: 'Which states do you cover? Who sees the results? What does a call-out cost?',
      launch_note: 'Same-Day call-outs start in Houston and Tulsa in March. Button: "Book a 20-minute call".',
      builder_type: 'site_builder',
      voice_agent_link: 'https://voice.example/steadfast',
      launch_summary: 'Live at https://steadfast.example. Still to do: the Spanish version of the page.',
    },
  },
};

/** An accounting firm that keeps the books and files the taxes of independent restaurants, in two provinces of Canada. */
export const TALLYHOUSE: Business = {
  name: 'Tallyhouse Accounting (bookkeeping, payroll and tax filing for restaurants, in Ontario and British Columbia)',
  kinds: ['businesses', 'finance', 'advice', 'canada'],
  facts: {
    company_name: 'Tallyhouse Accounting',
    sector: 'bookkeeping, payroll and tax filing for independent restaurants',
    customer_type: 'businesses',
    offer_kind: 'professional_service',
    target_audience:
      'Owners of independent restaurants and small restaurant groups with 10 to 80 staff, who do the books at night and dread the tax deadlines; the owner signs, the manager sends the receipts.',
    target_region: 'Ontario and British Columbia',
    rule_regions: 'canada',
    sensitive_areas: 'finance, advice',
    own_sensitive_area: 'tips shared between restaurant staff',
    claims_to_avoid: 'guaranteed tax savings, audit-proof books, never wrong',
    current_offer:
      'Monthly bookkeeping and sales-tax filing by a team led by a CPA, CAD 450 per restaurant per month.',
    brand_adjectives: 'steady, clear, on time',
    concept_name: 'Tallyhouse Close',
    unmet_need:
      'Owners see last month’s numbers only weeks later, too late to fix the costs that are eating their margin.',
    concept_description:
      'Tallyhouse Close closes the books by the fifth working day of every month from the point-of-sale and bank feeds, with costs per location and a half-hour review call with the CPA who signs them off.',
    proof_points:
      'For our 28 current clients, the books were closed by the fifth working day in 11 of the last 12 months (our own records); every file is reviewed by a CPA licensed in Ontario or British Columbia (licences on file).',
  },
  answers: {
    1: {
      research_questions:
        '1. How many independent restaurants with 10 to 80 staff are there in Ontario and British Columbia?\n2. What do they pay for bookkeeping and payroll today?\n3. When do owners change accountants?',
      known_assumptions: 'Owners value speed over price. Most switch accountants after a tax problem.',
      exclusions: 'franchise chains, personal tax returns, audits',
      time_horizon: 'three_year',
      research_depth: 'standard',
      research_findings:
        'Competitors: national bookkeeping services online; local accounting firms; the owner doing it alone with accounting software. Unmet needs: 1. Numbers in the first week of the month. 2. Someone who knows restaurant costs.',
    },
    2: {
      competitors:
        'National online bookkeeping services; local accounting firms; owners with accounting software',
      weight_market_share: '20',
      weight_innovation: '20',
      weight_channel_power: '25',
      weight_brand_strength: '35',
      extra_dimension: 'Speed of the monthly close',
      weight_extra: '10',
      evidence_approach: 'web_research',
      competitor_notes: 'The online services are sold through the point-of-sale makers’ partner lists.',
      threat_summary:
        'High threats: the largest online service (3.6). Openings: 1. a close by the fifth working day; 2. costs per location.',
    },
    3: {
      core_benefit:
        'A monthly close within five working days lets restaurant owners correct costs in the same month.',
      research_focus: 'Independent restaurants; monthly reporting; cost control.',
      evidence_horizon: 'recent',
      tone: 'persuasive',
      statistic_style: 'human_scale',
      verified_evidence:
        'Hero statistic: closed by the fifth working day in 11 of the last 12 months (our own records). Do not claim: guaranteed tax savings, audit-proof books.',
    },
    4: {
      unmet_needs: '1. Owners want last month’s numbers in the first week, per location.',
      market_insights: 'Owners buy after the year-end; most want a fixed monthly price.',
      competitor_gaps: 'The online services close the books only after three weeks.',
      weight_feasibility: '40',
      weight_differentiation: '30',
      weight_margin: '30',
      constraints: 'Every file signed off by one of our CPAs; no new office; launch within three months.',
      concept_count: '5',
      ambition: 'core',
      chosen_concept:
        'Hero: Tallyhouse Close, books closed by the fifth working day (score 3.9). Riskiest assumption: owners send receipts on time; test: three clients this month.',
    },
    5: {
      price_tier: 'mid',
      price_terms: 'CAD 590 per restaurant per month, yearly engagement, 60 days’ notice',
      competitors_to_beat: 'National online bookkeeping services; local firms billing by the hour',
      brief_reader: 'agency',
      launch_window: 'Toronto and Vancouver clients in January, new clients from April',
      brief_summary:
        'Tagline: Your numbers by the fifth. Proposition: a CPA closes your month in five working days. Voice: do be steady and clear; do not promise savings.',
    },
    6: {
      key_message: 'Your numbers by the fifth.',
      chosen_statistic: 'Closed by the fifth working day in 11 of the last 12 months (Tallyhouse records)',
      visual_style: 'elegant_sensual',
      perspective: 'interface',
      brand_color: '#2E5E4E',
      voice_persona: 'guide',
      own_persona: 'A patient CPA who explains one figure at a time.',
      music_genre: 'lofi',
      asset_channel: 'web',
      asset_summary:
        'Key visual: a restaurant office after closing, our monthly report on a laptop (a real screenshot with invented figures).',
    },
    7: {
      agent_name: 'Mira',
      agent_persona: 'Steady and clear; asks how many locations before explaining the monthly close.',
      primary_goal: 'product_questions',
      agent_context:
        'Tallyhouse Close: CAD 590 per restaurant per month, yearly engagement, 60 days’ notice. Books closed by the fifth working day. Contact: hello@tallyhouse.example.',
      knowledge_handling: 'hybrid',
      boundaries:
        'No tax or accounting advice on a caller’s own case. Hand over questions about a client’s file to their CPA, and complaints to the managing partner.',
      first_message: 'Hi, I am Mira, the Tallyhouse assistant. How many locations do you run?',
      languages: 'English and French',
      agent_summary: 'Share link: https://voice.example/tallyhouse. Passed 11 of 12 tests.',
    },
    8: {
      pitch:
        'Tallyhouse Close gives restaurant owners last month’s numbers by the fifth working day, signed off by a CPA.',
      brief_approach: 'existing',
      brief:
        'Tallyhouse Close brief: proposition your numbers by the fifth; audience owners of independent restaurants; CAD 590 per month; voice steady and clear.',
      faqs: 'Which point-of-sale systems work? Who signs off the books? Can we leave?',
      launch_note: 'New clients from April. Button: "Book a call with a CPA".',
      builder_type: 'prompt_to_app',
      voice_agent_link: 'https://voice.example/tallyhouse',
      launch_summary: 'Live at https://tallyhouse.example. Still to do: the French version of the page.',
    },
  },
};

/** An engineering consultancy that designs and signs off structural and fire-safety works, in Australia. */
export const NORTHBEAM: Business = {
  name: 'Northbeam Engineering (structural and fire-safety engineering for building owners, in Australia)',
  kinds: ['businesses', 'safety', 'advice', 'other'],
  facts: {
    company_name: 'Northbeam Engineering',
    sector: 'structural and fire-safety engineering for owners of mid-rise buildings',
    customer_type: 'businesses',
    offer_kind: 'professional_service',
    target_audience:
      'Owners, developers and building managers of mid-rise residential and commercial buildings who must inspect, repair and certify their structures and fire-safety systems; the owner or developer signs, the building manager runs the job.',
    target_region: 'New South Wales and Victoria, Australia',
    rule_regions: 'other',
    sensitive_areas: 'safety, advice',
    own_sensitive_area: 'defects we find that owners must report',
    claims_to_avoid: 'guaranteed approval, zero-risk designs, a fully compliant building',
    current_offer:
      'Structural inspections and repair designs signed by a registered engineer, from AUD 4,500 per building.',
    brand_adjectives: 'rigorous, direct, calm',
    concept_name: 'Northbeam Defect Check',
    unmet_need:
      'Building managers learn about a structural or fire-safety defect only when a tenant complains or an inspector writes, and then wait weeks for an engineer.',
    concept_description:
      'Northbeam Defect Check is a yearly inspection plan: a registered engineer inspects the structure and fire-safety systems, ranks every defect by urgency within ten working days, and designs the repairs the building needs, signed for the certifier.',
    proof_points:
      'In 2025 our engineers inspected 64 buildings and delivered every ranked report within ten working days (our own records); every design is signed by an engineer registered in New South Wales or Victoria (registrations on file).',
  },
  answers: {
    1: {
      research_questions:
        '1. How many mid-rise buildings in New South Wales and Victoria must certify structural or fire-safety works each year?\n2. What do owners pay for inspections and designs?\n3. How do owners choose an engineer?',
      known_assumptions:
        'Owners buy after a defect notice, not before. A fixed yearly plan sells to managers.',
      exclusions: 'houses, new-build design, civil infrastructure',
      time_horizon: 'five_year',
      research_depth: 'deep_dive',
      research_findings:
        'Competitors: large multidisciplinary engineering firms; small local structural engineers; building surveyors offering inspections. Unmet needs: 1. Knowing about a defect before a notice. 2. A ranked list, not a long report.',
    },
    2: {
      competitors: 'Large multidisciplinary firms; small local structural engineers; building surveyors',
      weight_market_share: '25',
      weight_innovation: '15',
      weight_channel_power: '25',
      weight_brand_strength: '35',
      extra_dimension: 'Turnaround time',
      weight_extra: '10',
      evidence_approach: 'web_research',
      competitor_notes: 'The large firms win through panels of owners’ corporations and strata managers.',
      threat_summary:
        'High threats: the largest firm (3.8). Openings: 1. a yearly plan with a ranked defect list; 2. reports within ten working days.',
    },
    3: {
      core_benefit:
        'Yearly inspections find structural and fire-safety defects earlier, when repairs cost less.',
      research_focus: 'Mid-rise buildings; defect rates; the cost of late repairs.',
      evidence_horizon: 'established',
      tone: 'scientific',
      statistic_style: 'comparison',
      verified_evidence:
        'Hero statistic: 64 buildings inspected in 2025, every ranked report within ten working days (our own records). Do not claim: guaranteed approval, zero-risk designs.',
    },
    4: {
      unmet_needs:
        '1. Building managers want to know about a defect before a tenant or an inspector finds it.',
      market_insights: 'Owners’ corporations set budgets once a year; defect notices carry deadlines.',
      competitor_gaps: 'The large firms write long reports with no ranking, weeks later.',
      weight_feasibility: '35',
      weight_differentiation: '40',
      weight_margin: '25',
      constraints:
        'Every design signed by one of our registered engineers; no new office; launch within six months.',
      concept_count: '8',
      ambition: 'core',
      chosen_concept:
        'Hero: Northbeam Defect Check, a yearly inspection with a ranked defect list (score 4.1). Riskiest assumption: managers budget for prevention; test: four owners’ corporations this quarter.',
    },
    5: {
      price_tier: 'mid',
      price_terms: 'AUD 6,900 per building per year, a two-year plan, repair designs quoted apart',
      competitors_to_beat: 'Large engineering firms; waiting for a defect notice',
      brief_reader: 'manufacturer',
      launch_window: 'Sydney in February, Melbourne in May',
      brief_summary:
        'Tagline: Find it before it finds you. Proposition: a ranked defect list within ten working days. Voice: do be direct and calm; do not alarm or promise.',
    },
    6: {
      key_message: 'Find the defect before it finds you.',
      chosen_statistic:
        '64 buildings inspected in 2025, every ranked report within ten working days (Northbeam records)',
      visual_style: 'bold_dynamic',
      perspective: 'hands_on',
      brand_color: '#C2410C',
      voice_persona: 'own',
      own_persona: 'A senior structural engineer in her fifties who explains risk without drama.',
      music_genre: 'orchestral_wonder',
      asset_channel: 'both',
      asset_summary:
        'Key visual: an engineer’s hands marking a crack on a concrete column, our real site photo composited in.',
    },
    7: {
      agent_name: 'Reid',
      agent_persona: 'Direct and calm; asks about the building before explaining the plan.',
      primary_goal: 'signups',
      agent_context:
        'Northbeam Defect Check: AUD 6,900 per building per year, two-year plan. Reports within ten working days. New South Wales and Victoria. Contact: plans@northbeam.example.',
      knowledge_handling: 'knowledge_base',
      boundaries:
        'No engineering advice on a caller’s own building. Urgent structural worries go to the duty engineer (0400 000 000); contract questions go to the office.',
      first_message: 'Hello, I am Reid, the Northbeam assistant. Which building are you calling about?',
      languages: 'English',
      agent_summary: 'Share link: https://voice.example/northbeam. Passed 12 of 14 tests.',
    },
    8: {
      pitch:
        'Northbeam Defect Check finds and ranks your building’s defects every year, before a notice does.',
      brief_approach: 'generate',
      brief: 'Lead with the ten-day report; the main button books a site visit.',
      faqs: 'Who signs the designs? What does the plan cover? What happens in an emergency?',
      launch_note: 'Plans open in Sydney in February. Button: "Book a site visit".',
      builder_type: 'site_builder',
      voice_agent_link: 'https://voice.example/northbeam',
      launch_summary: 'Live at https://northbeam.example. Still to do: the Melbourne case study.',
    },
  },
};

/**
 * Three regulated services sold to businesses, each with rules a product's cautions would miss: health
 * testing for employers (health, workers and their data, safety), an accounting firm (money and professional
 * advice) and an engineering consultancy in a place the profile names only as "somewhere else" (safety and
 * professional advice).
 */
export const REGULATED_SERVICES: readonly Business[] = [STEADFAST_OCCUPATIONAL_HEALTH, TALLYHOUSE, NORTHBEAM];

export const BUSINESSES: readonly Business[] = [WORKED_EXAMPLE, LEDGERLOOP, HEARTH_AND_BEAN];

/**
 * Three businesses that sell to businesses, each with risks only the later sensitive areas name: a software
 * service built on its customers' employees' data, a regulated professional service, and a safety device
 * that records drivers.
 */
export const BUSINESS_BUYERS: readonly Business[] = [SHIFTSENSE, FAIRHAND_LEGAL, ROADWISE];

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
  personal_data: [
    /\bpeople other than (our|the) (buyer|caller)\b/i,
    /\b(data protection|privacy) impact assessment\b/i,
    /\bmonitoring workers\b/i,
    /\bFERPA\b/,
    /\bhigh-risk\b/i,
    /\bclearly fictional data\b/i,
  ],
  safety: [
    /\bprevents? (accidents|harm)\b/i,
    /\bmakes anyone safe\b/i,
    /\bCPSC\b/,
    /\bOSHA\b/,
    /\bHSE\b/,
    /\bProduct Safety\b/,
    /\bProduct Liability Directive\b/,
  ],
  advice: [
    /\bprofessional advice\b/i,
    /\bqualified person\b/i,
    /\bprofessional indemnity\b/i,
    /\bSRA\b/,
    /\bstate bar\b/i,
    /\blaw society\b/i,
    /\boutcome of the advice\b/i,
  ],
  employment: [
    /\bADA\b/,
    /\bEEOC\b/,
    /\bEquality Act\b/,
    /\bworks[- ]council/i,
    /\bhuman rights codes?\b/i,
    /\b49 CFR Part 40\b/,
    /\bFair Credit Reporting Act\b/,
    /\btest, check or monitor workers\b/i,
    /\bworkers' health information\b/i,
    /\bpassed or failed\b/i,
  ],
  employment_advice: [
    /\bEmployment Rights Act\b/,
    /\bAcas\b/,
    /\badvise or represent an employer\b/i,
    /\bmember of staff\b/i,
    /\badvise or act for employers\b/i,
  ],
  staff_records: [/\bstaff records?\b/i, /\bpayroll records\b/i, /\bpayroll is free of errors\b/i],
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
  other: [/\bElsewhere\b/],
};

/**
 * Words of selling to consumers that must not reach the prompt of a team whose customers are businesses
 * (outside its own answers): a business buyer has no shop counter, and is not sent a gift in its packaging.
 */
export const CONSUMER_WORDS: readonly RegExp[] = [
  /\bdelivery\b/i,
  /\breturns?\b/i,
  /\bopening hours\b/i,
  /\bgifts?\b/i,
  /\bshop counter\b/i,
  /\bpackaging\b/i,
  /\bshelf space\b/i,
];

/**
 * Three more professional services sold to businesses, each of a kind no other business here is: a payroll
 * and HR bureau that advises employers on their staff and holds those staff's records (in Scotland), an
 * architects' practice (in Ireland), and a patent attorneys' firm (in the United States).
 */
export const MARLOW_PAYROLL: Business = {
  name: 'Marlow Payroll & HR (payroll and HR advice for nurseries and care providers, in Scotland)',
  kinds: ['businesses', 'employment_advice', 'staff_records', 'uk'],
  facts: {
    company_name: 'Marlow Payroll & HR',
    sector: 'outsourced payroll and HR advice for small nurseries and care providers',
    customer_type: 'businesses',
    offer_kind: 'professional_service',
    target_audience:
      'Owners and managers of nurseries and care providers with 10 to 60 staff, who run payroll themselves and have no HR person; the owner pays, the manager sends the hours each month.',
    target_region: 'Scotland',
    rule_regions: 'uk',
    sensitive_areas: 'employment_advice, staff_records',
    own_sensitive_area: 'staff who are registered with the care regulator',
    claims_to_avoid: 'never a payroll mistake, tribunal-proof, guaranteed compliance',
    current_offer:
      'Marlow Payroll: monthly payroll, payslips and pension submissions, GBP 6 per employee per month, with a 12-month agreement.',
    brand_adjectives: 'careful, warm, dependable',
    concept_name: 'Marlow People Desk',
    unmet_need:
      'Small nursery owners handle staff problems alone and late, because an HR adviser costs more than they can pay by the hour.',
    concept_description:
      'Marlow People Desk adds HR advice to payroll: a named adviser answers questions about contracts, absence and discipline by phone or email within one working day, and keeps each employer’s policies up to date once a year.',
    proof_points:
      'In the last 12 months, 99.6% of the 14,200 payslips we ran were correct first time (our own payroll records); members of the Chartered Institute of Payroll Professionals on staff (membership on file).',
  },
  answers: {
    1: {
      research_questions:
        '1. How many nurseries and care providers in Scotland have 10 to 60 staff?\n2. Who do they call today about a staff problem?\n3. What do they pay for payroll and for HR advice?',
      known_assumptions:
        'Owners buy HR advice from whoever runs their payroll. Price matters more than speed.',
      exclusions: 'large care groups, councils, staff looking for advice about their own job',
      time_horizon: 'last_12_months',
      research_depth: 'standard',
      research_findings:
        'Competitors: national payroll bureaux; HR-advice subscriptions; local accountants. Unmet needs: 1. One firm for payroll and staff questions. 2. A known monthly price.',
    },
    2: {
      competitors: 'National payroll bureaux; HR-advice subscriptions; local accountants',
      weight_market_share: '20',
      weight_innovation: '15',
      weight_channel_power: '30',
      weight_brand_strength: '35',
      extra_dimension: 'Knowledge of the care sector',
      weight_extra: '15',
      evidence_approach: 'web_research',
      competitor_notes:
        'The subscriptions sell through trade associations; the bureaux sell on price per payslip.',
      threat_summary:
        'High threats: the largest HR subscription (3.6). Openings: 1. payroll and HR from one named adviser; 2. care-sector knowledge.',
    },
    3: {
      core_benefit:
        'Payroll and HR advice from one adviser helps small nurseries deal with staff problems early.',
      research_focus:
        'Nurseries and care providers with 10 to 60 staff in Scotland; staff turnover and disputes.',
      evidence_horizon: 'recent',
      tone: 'scientific',
      statistic_style: 'percentage',
      verified_evidence:
        'Hero statistic: 99.6% of 14,200 payslips correct first time in the last 12 months (our own records). Do not claim: never a payroll mistake, tribunal-proof.',
    },
    4: {
      unmet_needs: '1. Nursery owners want an answer about a staff problem before it becomes a dispute.',
      market_insights:
        'Owners change supplier at the start of the tax year; trade associations recommend advisers.',
      competitor_gaps: 'The HR subscriptions do not run payroll, so the owner explains every case twice.',
      weight_feasibility: '40',
      weight_differentiation: '35',
      weight_margin: '25',
      constraints: 'Two HR advisers to start; no new office; launch before the new tax year.',
      concept_count: '3',
      ambition: 'adjacent',
      chosen_concept:
        'Hero: Marlow People Desk, a named HR adviser on top of payroll (score 3.8). Riskiest assumption: owners pay for advice before a problem; test: ten clients this quarter.',
    },
    5: {
      price_tier: 'mid',
      price_terms:
        'GBP 4 per employee per month on top of payroll, 12-month agreement, one month’s notice after that',
      competitors_to_beat: 'HR-advice subscriptions; payroll bureaux with advice by the hour',
      brief_reader: 'internal',
      launch_window: 'Pilot with 10 payroll clients in February, open to all clients in April',
      brief_summary:
        'Tagline: Your payroll and your people, one call. Proposition: one named adviser who knows your staff. Voice: do be warm and careful; do not promise outcomes.',
    },
    6: {
      key_message: 'Your payroll and your people, one call.',
      chosen_statistic: '99.6% of payslips correct first time (Marlow payroll records, last 12 months)',
      visual_style: 'organic_natural',
      perspective: 'lifestyle',
      brand_color: '#2F6B5E',
      voice_persona: 'friend',
      own_persona: 'A calm adviser who has sat in many nursery offices.',
      music_genre: 'none',
      asset_channel: 'professional',
      asset_summary: 'Key visual: our adviser at a desk with a phone and a folder, in a small office.',
    },
    7: {
      agent_name: 'Isla',
      agent_persona: 'Warm and careful; explains what People Desk covers and books a call with an adviser.',
      primary_goal: 'demo',
      agent_context:
        'Marlow People Desk: GBP 4 per employee per month on top of payroll, 12-month agreement. Advisers answer within one working day, Monday to Friday 9-17. Contact: hello@marlow.example.',
      knowledge_handling: 'in_prompt',
      boundaries:
        'No advice about a named employee on the call. Anything about a dispute goes to an adviser.',
      first_message:
        'Hello, I am Isla, the Marlow Payroll assistant. Are you calling about payroll or about your staff?',
      languages: 'English',
      agent_summary: 'Share link: https://voice.example/marlow. Passed 10 of 11 tests.',
    },
    8: {
      pitch: 'Marlow People Desk gives small nurseries payroll and HR advice from one named adviser.',
      brief_approach: 'existing',
      brief:
        'Marlow People Desk brief: proposition payroll and people from one adviser; audience nursery owners and managers; GBP 4 per employee per month; voice warm and careful.',
      faqs: 'Who is my adviser? What does it cost? What if I only want payroll?',
      launch_note: 'Open to payroll clients in April. Button: "Book a consultation".',
      builder_type: 'site_builder',
      voice_agent_link: 'https://voice.example/marlow',
      launch_summary: 'Live at https://marlow.example. Still to do: the case studies page.',
    },
  },
};

export const ARDMORE_ARCHITECTS: Business = {
  name: 'Ardmore Architects (design and planning applications for small hotels, in Ireland)',
  kinds: ['businesses', 'advice', 'eu'],
  facts: {
    company_name: 'Ardmore Architects',
    sector: 'architecture and planning services for small hotels and guesthouses',
    customer_type: 'businesses',
    offer_kind: 'professional_service',
    target_audience:
      'Owners of hotels and guesthouses with 10 to 40 rooms in the west of Ireland who want to extend or refurbish; the owner decides and pays, often with a bank that asks for drawings.',
    target_region: 'the west of Ireland',
    rule_regions: 'eu',
    sensitive_areas: 'advice',
    own_sensitive_area: 'protected structures and their planning conditions',
    claims_to_avoid: 'guaranteed planning permission, on time and on budget every time',
    current_offer:
      'Ardmore Feasibility: a site visit, a measured survey and three outline options, EUR 2,400 fixed fee.',
    brand_adjectives: 'thoughtful, local, exact',
    concept_name: 'Ardmore Planning Path',
    unmet_need:
      'Small hotel owners spend months and fees on a design before they know whether the planning authority is likely to accept it.',
    concept_description:
      'Ardmore Planning Path is a fixed-fee stage before design: we review the site’s planning history and the development plan, meet the planning authority for a pre-application consultation, and give the owner a written view of what is likely to be acceptable.',
    proof_points:
      'Of our last 31 planning applications for hotels, 26 were granted (our own records, 2021-2025); a registered architect with the RIAI leads every project (registration on file).',
  },
  answers: {
    1: {
      research_questions:
        '1. How many hotels and guesthouses with 10 to 40 rooms are there in the west of Ireland?\n2. How many apply for planning each year?\n3. How do owners choose an architect?',
      known_assumptions: 'Owners pay for certainty before design. Banks prefer a pre-application view.',
      exclusions: 'large hotel groups, private houses, building contracts',
      time_horizon: 'five_year',
      research_depth: 'deep_dive',
      research_findings:
        'Competitors: regional architects’ practices; planning consultants; design-and-build contractors. Unmet needs: 1. An early view on planning. 2. A fixed fee for it.',
    },
    2: {
      competitors: 'Regional architects’ practices; planning consultants; design-and-build contractors',
      weight_market_share: '15',
      weight_innovation: '20',
      weight_channel_power: '30',
      weight_brand_strength: '35',
      extra_dimension: 'Planning record',
      weight_extra: '20',
      evidence_approach: 'team_knowledge',
      competitor_notes: 'Contractors offer design for free inside a building contract.',
      threat_summary:
        'High threats: design-and-build contractors (3.5). Openings: 1. a fixed-fee planning view; 2. hotel experience.',
    },
    3: {
      core_benefit: 'A pre-application planning view lowers the risk that a hotel extension is refused.',
      research_focus: 'Planning decisions on hotel extensions in the west of Ireland; refusal reasons.',
      evidence_horizon: 'established',
      tone: 'persuasive',
      statistic_style: 'human_scale',
      verified_evidence:
        'Hero statistic: 26 of our last 31 hotel applications were granted (our own records). Do not claim: guaranteed planning permission.',
    },
    4: {
      unmet_needs: '1. Owners want to know what is likely to be accepted before they pay for a full design.',
      market_insights: 'Owners plan works for the winter; banks ask for drawings before lending.',
      competitor_gaps: 'Planning consultants do not design; contractors design only what they build.',
      weight_feasibility: '35',
      weight_differentiation: '40',
      weight_margin: '25',
      constraints: 'Three architects; no new office; launch before the winter.',
      concept_count: '5',
      ambition: 'core',
      chosen_concept:
        'Hero: Ardmore Planning Path, a fixed-fee planning view (score 4.0). Riskiest assumption: owners pay before design; test: five owners this autumn.',
    },
    5: {
      price_tier: 'premium',
      price_terms: 'EUR 3,500 fixed fee, credited against a full design commission within 12 months',
      competitors_to_beat: 'Planning consultants; design-and-build contractors',
      brief_reader: 'agency',
      launch_window: 'Open to hotel owners in October',
      brief_summary:
        'Tagline: Know before you draw. Proposition: a planning view before a full design. Voice: do be exact and local; do not promise permission.',
    },
    6: {
      key_message: 'Know before you draw.',
      chosen_statistic: '26 of our last 31 hotel applications granted (Ardmore records, 2021-2025)',
      visual_style: 'clean_minimalist',
      perspective: 'flat_lay',
      brand_color: '#7A5C3E',
      voice_persona: 'expert',
      own_persona: 'A quiet architect who explains drawings plainly.',
      music_genre: 'orchestral_wonder',
      asset_channel: 'web',
      asset_summary: 'Key visual: a site plan, a tape measure and a sketchbook on a drawing table.',
    },
    7: {
      agent_name: 'Niamh',
      agent_persona: 'Exact and friendly; explains Planning Path and books a consultation with an architect.',
      primary_goal: 'demo',
      agent_context:
        'Ardmore Planning Path: EUR 3,500 fixed fee, credited against a full design within 12 months. A registered architect leads every project. Contact: studio@ardmore.example.',
      knowledge_handling: 'knowledge_base',
      boundaries:
        'No view on whether a particular site will get permission. Planning questions go to an architect.',
      first_message:
        'Hello, I am Niamh, the Ardmore Architects assistant. Are you planning works on a hotel?',
      languages: 'English and Irish',
      agent_summary: 'Share link: https://voice.example/ardmore. Passed 12 of 12 tests.',
    },
    8: {
      pitch:
        'Ardmore Planning Path tells hotel owners what is likely to get planning permission before they pay for a design.',
      brief_approach: 'existing',
      brief:
        'Ardmore Planning Path brief: proposition know before you draw; audience owners of small hotels; EUR 3,500 fixed fee; voice exact and local.',
      faqs: 'Who leads the work? What does it cost? What if we go ahead with the design?',
      launch_note: 'Open in October. Button: "Book a consultation".',
      builder_type: 'prompt_to_app',
      voice_agent_link: 'https://voice.example/ardmore',
      launch_summary: 'Live at https://ardmore.example. Still to do: the Irish version of the page.',
    },
  },
};

export const LUMEN_PATENT: Business = {
  name: 'Lumen Patent Law (patent filings for hardware start-ups, in the United States)',
  kinds: ['businesses', 'advice', 'us'],
  facts: {
    company_name: 'Lumen Patent Law',
    sector: 'patent drafting and filing for hardware start-ups',
    customer_type: 'businesses',
    offer_kind: 'professional_service',
    target_audience:
      'Founders and engineering leads of hardware start-ups with 5 to 50 staff, usually before or just after a first funding round; the founder decides, investors often ask for the filing.',
    target_region: 'the United States',
    rule_regions: 'us',
    sensitive_areas: 'advice',
    own_sensitive_area: 'inventions not yet disclosed in public',
    claims_to_avoid: 'guaranteed patent grant, bulletproof patents, investor-ready in a day',
    current_offer:
      'Lumen Provisional: a provisional patent application drafted and filed by a registered patent attorney, USD 3,900 fixed fee.',
    brand_adjectives: 'rigorous, candid, fast',
    concept_name: 'Lumen Claim Map',
    unmet_need:
      'Founders file one provisional application and then cannot tell which of their later designs it actually covers.',
    concept_description:
      'Lumen Claim Map is a fixed-fee review every six months: the attorney compares new designs with what the founder has filed, marks what is covered and what is not, and recommends whether to file again before the next disclosure.',
    proof_points:
      'Our attorneys filed 212 applications in 2025, 64 of them for hardware start-ups (our own docket records); every filing is signed by a registered patent attorney (USPTO registration on file).',
  },
  answers: {
    1: {
      research_questions:
        '1. How many hardware start-ups in the United States file a first patent each year?\n2. What do they pay for it?\n3. When do investors ask for patents?',
      known_assumptions: 'Founders file once and forget. Investors ask about patents at the first round.',
      exclusions: 'software-only start-ups, large companies, litigation',
      time_horizon: 'three_year',
      research_depth: 'quick_scan',
      research_findings:
        'Competitors: large law firms’ start-up teams; solo patent agents; online filing services. Unmet needs: 1. Knowing what the filing covers. 2. A fixed fee.',
    },
    2: {
      competitors: 'Large law firms’ start-up teams; solo patent agents; online filing services',
      weight_market_share: '20',
      weight_innovation: '25',
      weight_channel_power: '25',
      weight_brand_strength: '30',
      extra_dimension: 'Hardware expertise',
      weight_extra: '10',
      evidence_approach: 'web_research',
      competitor_notes: 'Large firms reach start-ups through investors and accelerators.',
      threat_summary:
        'High threats: large firms’ start-up teams (3.8). Openings: 1. a fixed-fee review of coverage; 2. hardware engineers as attorneys.',
    },
    3: {
      core_benefit:
        'A regular review of what a filing covers helps hardware founders file before a disclosure, not after.',
      research_focus:
        'Hardware start-ups in the United States; patents filed before and after a first round.',
      evidence_horizon: 'recent',
      tone: 'scientific',
      statistic_style: 'comparison',
      verified_evidence:
        'Hero statistic: 64 of our 212 filings in 2025 were for hardware start-ups (our own docket). Do not claim: guaranteed patent grant, bulletproof patents.',
    },
    4: {
      unmet_needs:
        '1. Founders want to know which designs their filing covers before they show them to anyone.',
      market_insights: 'Founders act before a funding round or a trade show; accelerators recommend firms.',
      competitor_gaps: 'Online services file but never review; large firms bill the review by the hour.',
      weight_feasibility: '40',
      weight_differentiation: '30',
      weight_margin: '30',
      constraints:
        'Four attorneys; every review signed by a registered patent attorney; launch in one quarter.',
      concept_count: '8',
      ambition: 'bold',
      chosen_concept:
        'Hero: Lumen Claim Map, a six-monthly coverage review (score 3.9). Riskiest assumption: founders pay between filings; test: eight founders this quarter.',
    },
    5: {
      price_tier: 'entry',
      price_terms: 'USD 1,200 fixed fee per review, or USD 2,000 a year for two',
      competitors_to_beat: 'Large law firms billing by the hour; online filing services',
      brief_reader: 'internal',
      launch_window: 'Pilot with 8 clients this quarter, open to all next quarter',
      brief_summary:
        'Tagline: Know what you have filed. Proposition: a fixed-fee review before each disclosure. Voice: do be rigorous and candid; do not promise a grant.',
    },
    6: {
      key_message: 'Know what you have filed.',
      chosen_statistic: '64 of our 212 filings in 2025 were for hardware start-ups (Lumen docket)',
      visual_style: 'bold_dynamic',
      perspective: 'hands_on',
      brand_color: '#1F4E79',
      voice_persona: 'own',
      own_persona: 'A candid engineer turned attorney who speaks in plain terms.',
      music_genre: 'light_electronic',
      asset_channel: 'both',
      asset_summary: 'Key visual: hands marking up a printed drawing of a circuit board with a pen.',
    },
    7: {
      agent_name: 'Max',
      agent_persona: 'Rigorous and candid; explains Claim Map and books a call with an attorney.',
      primary_goal: 'product_questions',
      agent_context:
        'Lumen Claim Map: USD 1,200 fixed fee per review, or USD 2,000 a year for two. Reviews signed by a registered patent attorney. Contact: hello@lumen.example.',
      knowledge_handling: 'hybrid',
      boundaries:
        'Never discuss the details of an invention on the call. Anything about a filing goes to an attorney.',
      first_message:
        'Hello, I am Max, the Lumen Patent Law assistant. Are you a founder with a filing already?',
      languages: 'English and Spanish',
      agent_summary: 'Share link: https://voice.example/lumen. Passed 9 of 10 tests.',
    },
    8: {
      pitch:
        'Lumen Claim Map tells hardware founders what their patent filing covers before each disclosure.',
      brief_approach: 'generate',
      brief: 'Key points: fixed fee, signed by an attorney, every six months.',
      faqs: 'Who signs the review? What does it cost? Do you file for us too?',
      launch_note: 'Pilot this quarter. Button: "Book a 20-minute call".',
      builder_type: 'site_builder',
      voice_agent_link: 'https://voice.example/lumen',
      launch_summary: 'Live at https://lumen.example. Still to do: the Spanish page.',
    },
  },
};

export const PROFESSIONAL_SERVICES: readonly Business[] = [MARLOW_PAYROLL, ARDMORE_ARCHITECTS, LUMEN_PATENT];
