/**
 * Businesses of different kinds, with every answer of every activity, for the tests that read the prompts as
 * such a team would: the worked example (a children's product sold to consumers in the United States and
 * Canada: the configs' placeholders and src/shared/worked-example.ts), a business-to-business software
 * service in the EU that handles money, and a local food business in the United Kingdom; and three that sell
 * to businesses with the risks of the later sensitive areas (BUSINESS_BUYERS). Each lists the kinds of
 * business it is, so a test can tell which words belong to another kind.
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

/** Business-to-business software built on data about its customers' employees, in the UK and Ireland. */
export const SHIFTSENSE: Business = {
  name: 'ShiftSense (shift and attendance analytics for warehouse operators, in the UK and Ireland)',
  kinds: ['businesses', 'personal_data', 'uk', 'eu'],
  facts: {
    company_name: 'ShiftSense',
    sector: 'workforce scheduling and attendance software for warehouses and logistics sites',
    customer_type: 'businesses',
    target_audience:
      'Operations managers of warehouses and logistics sites with 100 to 1,000 staff, who plan shifts in spreadsheets and find out about gaps on the morning; the operations director signs off, the shift leads use it every day.',
    target_region: 'the United Kingdom and Ireland',
    rule_regions: 'uk, eu',
    sensitive_areas: 'personal_data',
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
      claims_to_avoid: 'no more agency staff, staff love being tracked, fully anonymous',
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
    target_audience:
      'Owners and office managers of firms with 10 to 100 staff and no HR department, who need an answer the same day when a problem with an employee comes up; the owner pays, the office manager calls.',
    target_region: 'England and Wales',
    rule_regions: 'uk',
    sensitive_areas: 'advice',
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
      claims_to_avoid: 'guaranteed to win at tribunal, no solicitor needed, instant legal advice',
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
    target_audience:
      'Fleet and safety managers of companies running 20 to 500 vans or trucks, who answer for their drivers’ safety and their insurance costs; the fleet manager chooses, the drivers live with it.',
    target_region: 'the United States and Canada',
    rule_regions: 'us, canada',
    sensitive_areas: 'safety, personal_data',
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
      claims_to_avoid: 'prevents crashes, guarantees lower insurance, drivers never notice it',
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
    /\bHIPAA\b/,
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
