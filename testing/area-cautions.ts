/**
 * What each sensitive area writes in each activity's prompt, and the rules it names for each place: lines only
 * that area writes, for the content tests that check an area's text appears when it is ticked and never when it
 * is not (src/server/content/any-business.test.ts, offers-and-areas.test.ts).
 */

export type Area =
  | 'children'
  | 'health'
  | 'finance'
  | 'personal_data'
  | 'safety'
  | 'advice'
  | 'employment'
  | 'employment_advice'
  | 'staff_records';
export type Place = 'us' | 'canada' | 'uk' | 'eu' | 'other';

/**
 * What each sensitive area switches on, activity by activity: a line only that area writes, worded for a
 * product or a service alike.
 */
export const CAUTIONS: Record<Exclude<Area, 'children'>, Record<number, string>> = {
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
  employment_advice: {
    1: 'We advise or act for employers on their staff (hiring, contracts',
    3: 'We advise or act for employers on their staff. Court and tribunal statistics',
    4: 'For advising employers on their staff, ask: who stays responsible',
    5: 'No promise of how a dispute with a member of staff will end',
    6: 'Show no meeting about a member of staff',
    7: "Give no view on a caller's own dispute with a member of staff",
    8: 'Advising employers: the site says who does the work',
  },
  staff_records: {
    1: "We hold or process records about our customers' staff (payroll",
    3: "We hold records about our customers' staff. A claim about how safely",
    4: 'For staff records, ask: whose records does it hold',
    5: 'No promise that staff records can never be lost',
    6: 'Screens and documents show invented records only',
    7: "Never read out, confirm or change anyone's pay, record or personal details",
    8: 'Staff records: the site says whose records we hold',
  },
};

/**
 * The rules each area names for each place it is ticked with, in Evidence Research (3, every area and place)
 * and the website (8): the rules of a service (licensing, health and workers' data, testing) as well as of a
 * product.
 */
export const PLACE_CAUTIONS: Record<Area, Record<Place, Record<number, string>>> = {
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
  employment_advice: {
    us: {
      3: 'Title VII and the Fair Labor Standards Act',
      8: "each state's rules on who may advise or represent an employer, and how our site",
    },
    canada: {
      3: 'the Canada Labour Code for federally regulated employers',
      8: "each province's rules on who may advise or represent an employer?",
    },
    uk: {
      3: "the Employment Rights Act 1996, Acas's codes of practice",
      8: 'who may advise or represent an employer at an employment tribunal, and how our site',
    },
    eu: {
      3: "the EU's employment directives as it applies them",
      8: "In the EU, have we checked each country's rules on who may advise or represent an employer?",
    },
    other: {
      3: 'For advising employers: the employment law of each place',
      8: 'Elsewhere, have we checked who may advise or represent an employer?',
    },
  },
  staff_records: {
    us: {
      3: 'the federal and state rules on how long payroll and personnel records are kept',
      8: "the state privacy laws that cover employees' data?",
    },
    canada: {
      3: "For staff records: the privacy laws that cover employees' information in each province",
      8: "In Canada, have we checked the privacy laws that cover employees' information in each province?",
    },
    uk: {
      3: "the ICO's guidance on employment practices and staff records",
      8: "UK GDPR and the ICO's guidance on employment practices?",
    },
    eu: {
      3: "For staff records: the GDPR and each country's own rules on employees' data",
      8: "In the EU, have we checked the GDPR and each country's own rules on employees' data?",
    },
    other: {
      3: "For staff records: the privacy law's rules on employees' data",
      8: "Elsewhere, have we checked the privacy law's rules on employees' data?",
    },
  },
};
