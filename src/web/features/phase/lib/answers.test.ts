import type { FormField, PhaseConfig } from '@shared/phase-config';
import { describe, expect, it } from 'vitest';
import { buildAnswersReport, reportFileName } from './answers-report.ts';
import {
  answerText,
  answersResolver,
  pickedColour,
  checkedValues,
  isIncomplete,
  splitOptionLabel,
  toAnswers,
  toggleChoice,
  validateAnswers,
  validateField,
} from './answers.ts';

const field = (partial: Partial<FormField> & { id: string }): FormField => ({
  label: partial.id,
  type: 'text',
  required: false,
  ...partial,
});

const fields: FormField[] = [
  field({ id: 'company_name', label: 'Company name', required: true }),
  field({ id: 'target_audience', label: 'Audience', type: 'textarea' }),
  field({ id: 'brand_color', label: 'Brand colour', type: 'color' }),
  field({
    id: 'tone',
    label: 'Tone',
    type: 'select',
    required: true,
    options: [
      { value: 'warm', label: 'Warm' },
      { value: 'bold', label: 'Bold' },
    ],
  }),
];

describe('answer validation', () => {
  it('requires non-blank required fields', () => {
    expect(validateField(fields[0]!, '')).toBe('Company name is required.');
    expect(validateField(fields[0]!, '   ')).toBe('Company name is required.');
    expect(validateField(fields[0]!, 'BrightBlocks')).toBeUndefined();
    expect(validateField(fields[1]!, '')).toBeUndefined();
  });

  it('accepts a colour only as # plus 6 hex digits, and allows it empty when optional', () => {
    for (const ok of ['#000000', '#1e90FF', '', ' ']) expect(validateField(fields[2]!, ok)).toBeUndefined();
    for (const bad of ['#fff', '1e90ff', '#1e90fg', '#1e90ff0', 'blue']) {
      expect(validateField(fields[2]!, bad)).toMatch(/# followed by 6 hex digits/);
    }
  });

  it('accepts only listed select values', () => {
    expect(validateField(fields[3]!, 'warm')).toBeUndefined();
    expect(validateField(fields[3]!, 'shouty')).toBe('Choose one of the options.');
  });

  it('reports the form incomplete while a required field is blank or any answer is invalid', () => {
    const complete = { company_name: 'BrightBlocks', target_audience: '', brand_color: '', tone: 'warm' };
    expect(isIncomplete(fields, complete)).toBe(false);
    expect(isIncomplete(fields, { ...complete, tone: '' })).toBe(true);
    expect(isIncomplete(fields, { ...complete, brand_color: '#12' })).toBe(true);
    expect(Object.keys(validateAnswers(fields, { ...complete, company_name: '' }))).toEqual(['company_name']);
  });

  it('turns stored data into form answers, blank for missing or odd values', () => {
    expect(
      toAnswers(fields, { company_name: 'A', target_audience: 3, brand_color: null, extra: 'x' }),
    ).toEqual({
      company_name: 'A',
      target_audience: '3',
      brand_color: '',
      tone: '',
    });
    expect(toAnswers(fields, null)).toEqual({
      company_name: '',
      target_audience: '',
      brand_color: '',
      tone: '',
    });
  });
});

describe('checkboxes', () => {
  const areas = field({
    id: 'sensitive_areas',
    label: 'Sensitive areas',
    type: 'checkboxes',
    options: [
      { value: 'children', label: 'Children' },
      { value: 'food', label: 'Food or drink' },
      { value: 'none', label: 'None of these', exclusive: true },
    ],
  });

  it('reads the ticked values of an answer stored as "a, b"', () => {
    expect(checkedValues('children, food')).toEqual(['children', 'food']);
    expect(checkedValues(' food ,, ')).toEqual(['food']);
    expect(checkedValues('')).toEqual([]);
    expect(checkedValues(undefined)).toEqual([]);
  });

  it("ticks and unticks in the options' order; an exclusive option clears the others and is cleared by them", () => {
    expect(toggleChoice(areas, '', 'food', true)).toBe('food');
    expect(toggleChoice(areas, 'food', 'children', true)).toBe('children, food');
    expect(toggleChoice(areas, 'children, food', 'children', false)).toBe('food');
    expect(toggleChoice(areas, 'children, food', 'none', true)).toBe('none');
    expect(toggleChoice(areas, 'none', 'food', true)).toBe('food');
    expect(toggleChoice(areas, 'none', 'none', false)).toBe('');
    // A value that is no longer an option is dropped on the next tick.
    expect(toggleChoice(areas, 'retired', 'food', true)).toBe('food');
  });

  it('accepts only listed values, and an exclusive one alone', () => {
    for (const ok of ['', 'food', 'children, food', 'none']) expect(validateField(areas, ok)).toBeUndefined();
    expect(validateField(areas, 'food, toys')).toBe('Choose from the options.');
    expect(validateField(areas, 'none, food')).toBe('"None of these" cannot go with another choice.');
    expect(validateField({ ...areas, required: true }, '')).toBe('Sensitive areas is required.');
  });

  it('shows in the team report as the labels ticked', () => {
    const config = {
      phase: 1,
      names: { activity: 'A', header: 'H', page: 'Page 1' },
      fields: [areas],
      promptTemplate: '{{#if sensitive_areas has "food"}}Food rules.{{/if}}',
    } as PhaseConfig;
    const report = buildAnswersReport({
      configs: [config],
      answersByPhase: { 1: { sensitive_areas: 'children, food' } },
    });
    expect(report).toContain('Food rules.');
    expect(report).toContain('- **Sensitive areas:** Children, Food or drink');
  });
});

describe('option labels', () => {
  it("splits 'Name (description)' into a title and a description", () => {
    expect(splitOptionLabel('Nova (warm, curious science mentor)')).toEqual({
      title: 'Nova',
      description: 'warm, curious science mentor',
    });
    expect(splitOptionLabel('Professor Pip (gentle (and witty) storyteller)')).toEqual({
      title: 'Professor Pip',
      description: 'gentle (and witty) storyteller',
    });
    expect(splitOptionLabel('Clean & Minimalist')).toEqual({ title: 'Clean & Minimalist' });
  });
});

describe('answers report', () => {
  const config = (phase: number, partial: Partial<PhaseConfig> = {}): PhaseConfig =>
    ({
      phase,
      title: `Title ${phase}`,
      names: { activity: `Activity ${phase}`, header: `Header ${phase}`, page: `Page ${phase}` },
      estimatedTime: '10 min',
      intro: 'Intro',
      fields,
      promptTemplate:
        'Write for {{company_name}} in a {{tone}} tone.{{#if target_audience}} For {{target_audience}}.{{/if}}',
      expectedOutput: { fileCreated: 'x', whyItMatters: 'y', nextSteps: ['z'] },
      instructions: ['do it'],
      ...partial,
    }) as PhaseConfig;

  it('lists each answered phase with labels, chosen option labels and the prompt in a fence', () => {
    const report = buildAnswersReport({
      teamName: 'Solar Squad',
      teamCode: 'AB12',
      configs: [config(2), config(1), config(3)],
      answersByPhase: {
        1: { company_name: 'BrightBlocks', tone: 'warm', target_audience: 'Parents\nand teachers' },
        2: { company_name: '   ' },
        3: { company_name: 'Has ``` backticks' },
      },
      generatedAt: new Date('2025-06-12T09:00:00Z'),
    });
    expect(report).toContain('# Solar Squad: answers');
    expect(report).toContain('Workspace Code: AB12 · Exported 2025-06-12T09:00:00.000Z');
    expect(report).toContain('## 1. Page 1');
    expect(report).not.toContain('## 2. Page 2');
    expect(report).toContain('- **Company name:** BrightBlocks');
    expect(report).toContain('- **Tone:** Warm');
    expect(report).toContain('- **Audience:**\n  Parents\n  and teachers');
    expect(report).toContain(
      '```markdown\nWrite for BrightBlocks in a warm tone. For Parents\nand teachers.\n```',
    );
    // A prompt holding ``` gets a longer fence so it cannot close the block early.
    expect(report).toContain('````markdown\nWrite for Has ``` backticks in a {{tone}} tone.\n````');
    expect(report.indexOf('## 1.')).toBeLessThan(report.indexOf('## 3.'));
  });

  it("reads shared facts from the team's one copy, and lists an activity where a fact was first given", () => {
    const report = buildAnswersReport({
      configs: [
        config(1),
        config(2, {
          promptTemplate: 'For {{company_name}}.{{#if phase1.tone}} Tone of 1: {{phase1.tone}}.{{/if}}',
        }),
      ],
      answersByPhase: { 2: { company_name: 'Old copy', tone: 'bold' } },
      facts: [
        { id: 'company_name', value: 'BrightSpark Labs', givenIn: 1, updatedAt: '2025-06-12T09:00:00Z' },
      ],
    });
    expect(report).toContain('## 1. Page 1');
    expect(report).toContain('- **Company name:** BrightSpark Labs');
    expect(report).not.toContain('Old copy');
    expect(report).toContain('```markdown\nWrite for BrightSpark Labs in a {{tone}} tone.\n```');
    expect(report).toContain('```markdown\nFor BrightSpark Labs.\n```');
  });

  it('says so when nothing is answered yet', () => {
    const report = buildAnswersReport({ configs: [config(1)], answersByPhase: {} });
    expect(report).toContain('# Practice answers');
    expect(report).toContain('No answers saved yet.');
  });

  it('names the file after the team', () => {
    expect(reportFileName('Solar Squad!')).toBe('solar-squad-answers.md');
    expect(reportFileName('Équipe Été')).toBe('equipe-ete-answers.md');
    expect(reportFileName('🚀')).toBe('practice-answers.md');
    expect(reportFileName(undefined)).toBe('practice-answers.md');
  });
});

describe('the team report follows the team’s programme', () => {
  const activity = (phase: number, activityFields: FormField[], promptTemplate: string): PhaseConfig =>
    ({
      phase,
      title: `Title ${phase}`,
      names: { activity: `Activity ${phase}`, header: `Header ${phase}`, page: `Clinic page ${phase}` },
      fields: activityFields,
      promptTemplate,
    }) as unknown as PhaseConfig;
  // A programme's version: activity 1 renames a field and drops another, activity 2 is switched off.
  const configs = [
    activity(
      1,
      [
        field({ id: 'company_name', label: 'Clinic name' }),
        field({ id: 'patients', label: 'Who you treat' }),
      ],
      'Write for {{company_name}}, treating {{patients}}.',
    ),
    activity(2, [field({ id: 'rivals', label: 'Rival clinics' })], 'Compare {{rivals}}.'),
    activity(3, [field({ id: 'price', label: 'Price & *terms*' })], 'Price: {{price}}.'),
  ];
  const answersByPhase = {
    1: {
      patients: 'Runners',
      dropped_field: 'Kept\nover two lines',
      empty_old: '  ',
      company_name: 'Old copy',
    },
    2: { rivals: 'PhysioPlus' },
    3: { price: '40', retired_count: 12 },
  };
  const facts = [
    { id: 'company_name', value: 'Stride Clinic', givenIn: 1, updatedAt: '2026-11-27T08:00:00Z' },
    { id: 'customer_type', value: 'businesses', givenIn: 1, updatedAt: '2026-11-27T08:00:00Z' },
  ];

  it('labels answers as the programme does, and renders its templates', () => {
    const report = buildAnswersReport({ configs, switchedOff: [2], answersByPhase, facts });
    expect(report).toContain('## 1. Clinic page 1');
    expect(report).toContain('- **Clinic name:** Stride Clinic');
    expect(report).toContain('- **Who you treat:** Runners');
    expect(report).toContain('```markdown\nWrite for Stride Clinic, treating Runners.\n```');
    // An instructor's label is text, never markup.
    expect(report).toContain('- **Price \\& \\*terms\\*:** 40');
  });

  it('leaves a switched-off activity out, answers and all', () => {
    const report = buildAnswersReport({ configs, switchedOff: [2], answersByPhase, facts });
    expect(report).not.toContain('## 2.');
    expect(report).not.toContain('PhysioPlus');
    expect(report).toContain('## 3. Clinic page 3');
    // Running, it is there.
    expect(buildAnswersReport({ configs, answersByPhase, facts })).toContain(
      '- **Rival clinics:** PhysioPlus',
    );
  });

  it('keeps the answers to removed fields under their activity, by field id', () => {
    const report = buildAnswersReport({ configs, switchedOff: [2], answersByPhase, facts });
    const section = report.slice(report.indexOf('## 1.'), report.indexOf('## 3.'));
    expect(section).toContain('### Answers to fields no longer in this activity');
    expect(section).toContain('They come back if the field returns.');
    expect(section).toContain('- **dropped\\_field:**\n  Kept\n  over two lines');
    expect(section).not.toContain('empty\\_old');
    // A shared fact in an activity's record is the team's old copy, not a removed field.
    expect(report).not.toContain('Old copy');
    expect(report).toContain('- **retired\\_count:** 12');
    // An activity whose only answers are to removed fields is still in the report.
    const onlyRemoved = buildAnswersReport({
      configs: [configs[1]!],
      answersByPhase: { 2: { gone: 'Still here' } },
    });
    expect(onlyRemoved).toContain('## 2. Clinic page 2');
    expect(onlyRemoved).toContain('- **gone:** Still here');
    expect(onlyRemoved).not.toContain('### Generated prompt');
    expect(onlyRemoved).not.toContain('No answers saved yet.');
  });

  it('ends with the shared facts no activity in it asks for', () => {
    const report = buildAnswersReport({ configs, switchedOff: [2], answersByPhase, facts });
    expect(report).toMatch(
      /## Other shared facts\n\nGiven by the team; no activity in this report asks for them now\.\n\n- \*\*Who your customers are:\*\* Businesses or organisations\n$/,
    );
    // A fact an activity asks for is shown there, not again.
    expect(report.match(/Stride Clinic/g)).toHaveLength(2);
  });
});

describe('the team report carries the instructors’ feedback', () => {
  const config = {
    phase: 2,
    title: 'Competitor Matrix',
    names: { activity: 'Competitor Matrix', header: 'Competitors', page: 'Competition Analysis' },
    fields: [field({ id: 'competitors', label: 'Competitors' })],
    promptTemplate: 'Compare {{competitors}}.',
  } as unknown as PhaseConfig;
  const note = (body: string, doneAt: string | null) => ({
    id: body,
    teamId: 't',
    phaseNumber: 2,
    body,
    author: 'alice',
    createdAt: '2026-11-26T10:15:00.000Z',
    doneAt,
  });

  it('under its activity, who wrote each and whether the team marked it done, answers or not', () => {
    const report = buildAnswersReport({
      teamName: 'Roasters',
      configs: [config],
      answersByPhase: {},
      feedback: [note('Rank by threat.', '2026-11-26T10:30:00.000Z'), note('Check\nthe prices.', null)],
    });
    expect(report).toContain('## 2. Competition Analysis');
    expect(report).toContain('### Feedback from your instructor');
    expect(report).toContain('- **alice, 2026-11-26 10:15 (done):** Rank by threat.');
    expect(report).toContain('- **alice, 2026-11-26 10:15:**\n  Check\n  the prices.');
    expect(report).not.toContain('### Generated prompt');
  });

  it('copies what was typed as text: control characters gone, Markdown and HTML escaped', () => {
    const report = buildAnswersReport({
      teamName: '**Bold** <b>Team</b>\u202e',
      configs: [config],
      answersByPhase: {
        2: { competitors: 'Acme\u001b[2J\u0007 # not a heading\n- not a list\n1. nor this' },
      },
      feedback: [note('<img src=x onerror=alert(1)> [link](javascript:x) _em_', null)],
    });
    expect(report).toContain('# \\*\\*Bold\\*\\* \\<b\\>Team\\</b\\>: answers');
    expect(report).toContain(
      '- **Competitors:**\n  Acme\\[2J \\# not a heading\n  \\- not a list\n  1\\. nor this',
    );
    expect(report).toContain('\\<img src=x onerror=alert(1)\\> \\[link\\](javascript:x) \\_em\\_');
    expect(report).not.toMatch(/(?![\n])\p{Cc}|\u202e|[^\\](<img|<b>)/u);
    // In the prompt's fence nothing is markup: only the control characters go.
    expect(report).toContain('Compare Acme[2J # not a heading');
  });
});

describe('answerText', () => {
  const region = {
    type: 'select',
    options: [
      { value: 'uk', label: 'United Kingdom' },
      { value: 'eu', label: 'European Union or EEA' },
    ],
  };
  const sensitive = {
    type: 'checkboxes',
    options: [
      { value: 'children', label: 'Children' },
      { value: 'finance', label: 'Money' },
    ],
  };

  it('reads a choice by its label, not its stored value', () => {
    expect(answerText(region, 'uk')).toBe('United Kingdom');
    expect(answerText(sensitive, 'finance')).toBe('Money');
    expect(answerText(sensitive, 'children, finance')).toBe('Children, Money');
  });

  it('keeps text answers, and values no option names, as written', () => {
    expect(answerText({ type: 'text' }, 'uk')).toBe('uk');
    expect(answerText(undefined, 'finance')).toBe('finance');
    expect(answerText(region, 'somewhere')).toBe('somewhere');
  });
});

describe('pickedColour', () => {
  it('reads a colour answer as the picker takes it', () => {
    expect(pickedColour('#1E90FF')).toBe('#1e90ff');
    expect(pickedColour(' #000000 ')).toBe('#000000');
  });

  it('holds no colour while none is chosen, never black', () => {
    expect(pickedColour('')).toBeNull();
    expect(pickedColour(undefined)).toBeNull();
    expect(pickedColour('#12')).toBeNull();
    expect(pickedColour('blue')).toBeNull();
  });
});

describe("the form's rules follow the config in use", () => {
  const resolve = (resolver: ReturnType<typeof answersResolver>, values: Record<string, string>) =>
    resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  it('checks the fields given when it runs, not those it was made with, and keeps every answer', async () => {
    const first: FormField[] = [
      field({ id: 'pitch', label: 'Pitch' }),
      field({ id: 'notes', required: true }),
    ];
    // The next version makes the pitch required, the notes optional, and removes a field nobody sees now.
    const next: FormField[] = [
      field({ id: 'pitch', label: 'Pitch', required: true }),
      field({ id: 'notes' }),
    ];
    let fields = first;
    const resolver = answersResolver(() => fields);
    const typed = { pitch: '', notes: '', gone: 'kept' };

    expect(Object.keys((await resolve(resolver, typed)).errors)).toEqual(['notes']);
    fields = next;
    const checked = await resolve(resolver, typed);
    expect(checked.errors).toEqual({ pitch: { type: 'validate', message: 'Pitch is required.' } });

    const answered = await resolve(resolver, { ...typed, pitch: 'A clinic app' });
    expect(answered.errors).toEqual({});
    // Values of fields the version no longer has stay in what the form holds (and saves).
    expect(answered.values).toEqual({ pitch: 'A clinic app', notes: '', gone: 'kept' });
  });
});

describe('the team report carries the model’s answers', () => {
  const config = {
    phase: 2,
    title: 'Competitor Matrix',
    names: { activity: 'Competitor Matrix', header: 'Competitors', page: 'Competition Analysis' },
    fields: [field({ id: 'competitors', label: 'Competitors' })],
    promptTemplate: 'Compare {{competitors}}.',
  } as unknown as PhaseConfig;
  const run = (id: string, answer: string, createdAt: string, status: 'done' | 'stopped' = 'done') => ({
    id,
    teamId: 't',
    phaseNumber: 2,
    prompt: 'Compare.',
    answer,
    model: 'gpt-x',
    status,
    error: null,
    promptTokens: 1,
    completionTokens: 1,
    createdAt,
    finishedAt: createdAt,
  });

  it('under its activity, the newest answer that wrote something, in a fence, as text', () => {
    const report = buildAnswersReport({
      teamName: 'Roasters',
      configs: [config],
      answersByPhase: {},
      runs: [
        run('b', '', '2026-11-26T11:00:00.000Z'),
        run('a', 'Rivals: ``` <b>A</b>', '2026-11-26T10:00:00.000Z', 'stopped'),
      ],
    });
    expect(report).toContain('## 2. Competition Analysis');
    expect(report).toContain(
      "### The model's answer (gpt-x, 2026-11-26 10:00) (stopped: not the whole answer)\n\n````\nRivals: ``` <b>A</b>\n````",
    );
  });
});
