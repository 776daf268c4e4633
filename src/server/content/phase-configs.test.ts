import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unmetNeeds } from '../../shared/activity-needs.ts';
import {
  type FormField,
  isChoiceField,
  type PhaseConfig,
  PhaseConfigSchema,
} from '../../shared/phase-config.ts';
import { ACTIVITY_NAMES, HEADER_NAMES, PAGE_NAMES, PHASE_NUMBERS } from '../../shared/phases.ts';
import { activityDurations, parseDuration } from '../../shared/programme-time.ts';
import { checkProgramme, problemText } from '../../shared/programme-checks.ts';
import { choicesRead, fillingStages, renderAndLint } from '../../shared/programme-rendering-checks.ts';
import { placeholdersWithConditions } from '../../shared/programme-template-checks.ts';
import { listTemplatePlaceholders } from '../../shared/prompt-template.ts';
import { isSharedFactId, SHARED_FACTS } from '../../shared/shared-facts.ts';
import type { TeamAnswers } from '../../shared/template-context.ts';
import { sharedFactsIn } from '../../shared/worked-example.ts';
import {
  configOf,
  configs,
  contentDir,
  fieldOf,
  pageTexts,
  readConfig,
  workedExampleAnswer,
} from '../../../testing/phase-content.ts';
import { loadPhaseConfigs } from './phase-configs.ts';

function answers(config: PhaseConfig, only: (field: FormField) => boolean = () => true) {
  return Object.fromEntries(
    config.fields.filter(only).map((field) => [field.id, workedExampleAnswer(field)]),
  );
}

const everyone: TeamAnswers = Object.fromEntries(configs.map((c) => [c.phase, answers(c)]));
const everyonesFacts = Object.assign({}, ...configs.map((c) => sharedFactsIn(answers(c))));

/** The stages of filling in that every prompt must read cleanly at (the programme checks read the same). */
function stages(phase: number): [string, TeamAnswers, Record<string, unknown>][] {
  return fillingStages(configOf(phase), configs).map((stage) => [stage.name, stage.team, stage.facts]);
}

describe('the programme checks', () => {
  it('find no problem in the shipped programme, read as JSON or parsed', () => {
    expect(checkProgramme(PHASE_NUMBERS.map(readConfig)).map(problemText)).toEqual([]);
    expect(checkProgramme(configs).map(problemText)).toEqual([]);
  });

  it('read each stage of filling in with the worked example, as the tests below do', () => {
    for (const config of configs) {
      const phase = config.phase;
      const required = answers(config, (f) => f.required);
      const all = answers(config);
      const others: Record<number, unknown> = { ...everyone };
      delete others[phase];
      expect(fillingStages(config, configs)).toEqual([
        { name: 'a new team with no answers anywhere', team: {}, facts: {} },
        {
          name: 'only the required answers, no other activity',
          team: { [phase]: required },
          facts: sharedFactsIn(required),
        },
        { name: 'every answer, no other activity', team: { [phase]: all }, facts: sharedFactsIn(all) },
        { name: 'no answers here, every other activity done', team: others, facts: everyonesFacts },
        { name: 'the worked example everywhere', team: everyone, facts: everyonesFacts },
      ]);
    }
  });
});

describe('the server loader (start-up)', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  /** A content folder holding the shipped configs, each changed by `edit` (or written as given text). */
  function contentWith(edit: (phase: number, config: PhaseConfig) => PhaseConfig | string = (_, c) => c) {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'genai-content-'));
    folders.push(folder);
    mkdirSync(path.join(folder, 'phases'));
    for (const phase of PHASE_NUMBERS) {
      const edited = edit(phase, structuredClone(readConfig(phase)) as PhaseConfig);
      const text = typeof edited === 'string' ? edited : JSON.stringify(edited);
      writeFileSync(path.join(folder, 'phases', `phase-${phase}.json`), text);
    }
    return folder;
  }

  it('loads the eight configs of a programme without problems', () => {
    const configs = loadPhaseConfigs(contentWith());
    expect([...configs.keys()]).toEqual([...PHASE_NUMBERS]);
    expect(configs.get(3)).toEqual(configOf(3));
  });

  it('refuses to start on any problem, naming each file, where in it, and what is wrong', () => {
    const folder = contentWith((phase, config) => {
      if (phase === 3) config.promptTemplate += '\n\n{{made_up}}';
      if (phase === 4) config.estimatedTime = '10 min';
      return config;
    });
    const file = (phase: number) => path.join(folder, 'phases', `phase-${phase}.json`);
    expect(() => loadPhaseConfigs(folder)).toThrow(
      [
        'The phase configs have 2 problems; fix them to start:',
        `- ${file(3)}, promptTemplate: Unknown placeholder {{made_up}}: no field of this activity, shared fact or other activity's answer has that id. Use a field's id as the field shows it, or another activity's answer as {{phase2.its_id}}.`,
        `- ${file(4)}, estimatedTime: The estimated time "10 min" is not the sum of the class steps' times (45-50 minutes)`,
      ].join('\n'),
    );
  });

  it('names the folder for a problem of the programme as a whole', () => {
    const folder = contentWith((phase, config) => {
      if (phase === 1) {
        config.stepByStepFlow![0]!.time = '70 min';
        config.estimatedTime = '105-110 minutes';
      }
      return config;
    });
    expect(() => loadPhaseConfigs(folder)).toThrow(
      `The phase configs have a problem; fix them to start:\n- ${path.join(folder, 'phases')}: The activities take up to 7 h 30 min`,
    );
  });

  it('refuses a file that is not JSON', () => {
    const folder = contentWith((phase, config) => (phase === 5 ? '{ "phase": 5,' : config));
    expect(() => loadPhaseConfigs(folder)).toThrow(
      `Phase config ${path.join(folder, 'phases', 'phase-5.json')} could not be read:`,
    );
  });

  it('checks a programme once per process: the same files load again without a second run', () => {
    const folder = contentWith();
    const first = loadPhaseConfigs(folder);
    expect(loadPhaseConfigs(folder)).toBe(first);
    // A programme that changes is checked again, and a broken one is never kept.
    const broken = path.join(folder, 'phases', 'phase-2.json');
    writeFileSync(broken, readFileSync(broken, 'utf8').replace('"phase":2', '"phase":3'));
    expect(() => loadPhaseConfigs(folder)).toThrow(
      "This is activity 2's config, but it says it is activity 3.",
    );
    expect(() => loadPhaseConfigs(folder)).toThrow('This is activity 2');
  });
});

describe('phase configs in content/phases', () => {
  it.each(PHASE_NUMBERS)('phase-%i.json passes the schema and names its own phase', (phase) => {
    const parsed = PhaseConfigSchema.safeParse(readConfig(phase));
    expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
    expect(configOf(phase).phase).toBe(phase);
  });

  it('loads through the server loader, which refuses a config whose shared fact differs', () => {
    expect(loadPhaseConfigs(contentDir).size).toBe(8);
    const broken = structuredClone(readConfig(2)) as { fields: { id: string; placeholder?: string }[] };
    const region = broken.fields.find((f) => f.id === 'target_region')!;
    region.placeholder = 'United States and Canada';
    const parsed = PhaseConfigSchema.safeParse(broken);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toContainEqual(
      expect.objectContaining({
        path: ['fields', broken.fields.indexOf(region), 'placeholder'],
        message: expect.stringMatching(
          /is a shared fact, asked alike in every activity: its placeholder must stay/,
        ),
      }),
    );
  });

  it.each(PHASE_NUMBERS)('phase %i uses the three name sets of src/shared/phases.ts', (phase) => {
    const config = configOf(phase);
    expect(config.names).toEqual({
      activity: ACTIVITY_NAMES[phase - 1],
      header: HEADER_NAMES[phase - 1],
      page: PAGE_NAMES[phase - 1],
    });
    expect(config.title).toBe(ACTIVITY_NAMES[phase - 1]);
  });

  it.each(PHASE_NUMBERS)(
    'phase %i has required fields, help and an example on every field, and real select options',
    (phase) => {
      const config = configOf(phase);
      expect(config.fields.some((f) => f.required)).toBe(true);
      for (const field of config.fields) {
        expect(field.help, `${field.id} help`).toBeTruthy();
        if (isChoiceField(field)) {
          const values = (field.options ?? []).map((o) => o.value);
          expect(new Set(values).size, `${field.id} option values are unique`).toBe(values.length);
        } else if (field.type !== 'color') {
          expect(field.placeholder?.trim(), `${field.id} gives the running example`).toBeTruthy();
        }
      }
      expect(config.stepByStepFlow?.every((step) => step.time && step.details)).toBe(true);
    },
  );

  it.each(PHASE_NUMBERS)("phase %i's estimated time is the sum of its class steps' times", (phase) => {
    const config = configOf(phase);
    const { inClass } = activityDurations(config.stepByStepFlow ?? []);
    expect(inClass).not.toBeNull();
    expect(parseDuration(config.estimatedTime)).toEqual(inClass);
  });

  it('offers the five visual styles and "Name (description)" voice personas as cards in phase 6', () => {
    const style = fieldOf(6, 'visual_style');
    expect(style.type).toBe('select');
    expect(style.display).toBe('cards');
    expect(style.options?.map((o) => o.label)).toEqual([
      'Clean & Minimalist',
      'Organic & Natural',
      'Bold & Dynamic',
      'Elegant & Sensual',
      'Playful & Vibrant',
    ]);
    for (const option of style.options ?? []) expect(option.description?.trim()).toBeTruthy();

    const persona = fieldOf(6, 'voice_persona');
    expect(persona.type).toBe('select');
    expect(persona.display).toBe('cards');
    expect(persona.options?.length).toBeGreaterThanOrEqual(4);
    expect(persona.options?.length).toBeLessThanOrEqual(5);
    for (const option of persona.options ?? []) expect(option.label).toMatch(/^[^()]+ \([^()]+\)$/);
  });

  it("offers the worked example's market report and its template in phase 4, and the files exist", () => {
    const downloads = configOf(4).downloads;
    expect(downloads).toEqual([
      { label: 'Download PDF: worked example', href: '/downloads/stem-toys-market-analysis.pdf' },
      { label: 'Download PDF: report template', href: '/downloads/market-report-template.pdf' },
    ]);
    for (const download of downloads!) {
      const file = path.join(contentDir, download.href);
      expect(existsSync(file), download.href).toBe(true);
      expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    for (const config of configs) if (config.phase !== 4) expect(config.downloads).toBeUndefined();
  });

  it('lists product concepts for the ideation phase and a file for the others', () => {
    expect(configOf(4).expectedOutput.marketInformedProductConcepts?.length).toBeGreaterThan(0);
    for (const config of configs) {
      const output = config.expectedOutput;
      expect(output.marketInformedProductConcepts?.length || output.fileCreated?.trim()).toBeTruthy();
    }
  });
});

describe('shared facts', () => {
  it.each(SHARED_FACTS.map((fact) => [fact.id, fact] as const))(
    '%s is the same field in every activity that asks it, and its home activity asks it',
    (_id, fact) => {
      const holders = configs.filter((c) => c.fields.some((f) => f.id === fact.id));
      // A fact is read by its plain id, or as another activity's answer (`phase1.claims_to_avoid`).
      const readers = configs.filter((c) =>
        listTemplatePlaceholders(c.promptTemplate).some(
          (path) => path.replace(/^phase\d+\./, '') === fact.id,
        ),
      );
      expect(holders.map((c) => c.phase)).toContain(fact.home);
      expect(
        new Set([...holders, ...readers]).size,
        'a shared fact serves at least two activities',
      ).toBeGreaterThanOrEqual(2);
      const shapes = holders.map((c) => {
        const { help: _help, required: _required, ...shape } = fieldOf(c.phase, fact.id);
        return shape;
      });
      for (const shape of shapes) {
        expect(shape).toEqual({
          id: fact.id,
          label: fact.label,
          ...fact.field,
        });
      }
    },
  );

  it('is the only kind of field that appears in more than one activity', () => {
    const seen = new Map<string, number[]>();
    for (const config of configs) {
      for (const field of config.fields) seen.set(field.id, [...(seen.get(field.id) ?? []), config.phase]);
    }
    const unshared = [...seen].filter(([id, phases]) => phases.length > 1 && !isSharedFactId(id));
    expect(unshared).toEqual([]);
  });

  it('covers the facts the whole story depends on', () => {
    const phasesWith = (id: string) => configs.filter((c) => c.fields.some((f) => f.id === id)).length;
    expect(phasesWith('company_name')).toBe(8);
    expect(phasesWith('target_audience')).toBe(8);
    expect(phasesWith('target_region')).toBeGreaterThanOrEqual(4);
    expect(phasesWith('concept_name')).toBeGreaterThanOrEqual(4);
    expect(fieldOf(4, 'brand_adjectives').required).toBe(true);
    // The activities the reviewer found lacking now know what they need.
    expect(fieldOf(2, 'sector').required).toBe(true);
    expect(fieldOf(2, 'target_region').required).toBe(true);
    expect(fieldOf(3, 'target_region').required).toBe(true);
    expect(fieldOf(6, 'concept_description').required).toBe(true);
  });

  it('the running example uses one age range everywhere, configs and the phase 4 PDF source', () => {
    const texts = [
      ...PHASE_NUMBERS.map((phase) =>
        readFileSync(path.join(contentDir, 'phases', `phase-${phase}.json`), 'utf8'),
      ),
      readFileSync(path.join(contentDir, 'sources', 'stem-toys-market-analysis.md'), 'utf8'),
    ];
    const ranges = new Set<string>();
    const pattern =
      /\b(?:aged?|ages|from age)\s+(\d+)\s*(?:-|to)\s*(\d+)|\b(\d+)\s*(?:-|to)\s*(\d+)[ -]year[ -]olds?/gi;
    for (const text of texts) {
      for (const m of text.matchAll(pattern)) ranges.add(`${m[1] ?? m[3]}-${m[2] ?? m[4]}`);
    }
    expect([...ranges]).toEqual(['6-12']);
  });

  it('recommends no tool that has stopped offering downloads or changed hands', () => {
    // PlayHT closed after its acquisition; Udio stopped offering downloads of generated songs.
    const retired = /\b(PlayHT|Play\.ht|Udio)\b/i;
    for (const config of configs) expect(JSON.stringify(config)).not.toMatch(retired);
  });
});

describe('current advice', () => {
  const texts = configs.flatMap((config) => pageTexts(config).map((t) => ({ ...t, phase: config.phase })));
  const sentences = texts.flatMap(({ phase, where, text }) =>
    text.split(/(?<=[.;!?])\s+/).map((sentence) => ({ phase, where, sentence })),
  );

  it('is dated where plans, consent and labels are advised', () => {
    for (const phase of [6, 7, 8]) {
      expect(JSON.stringify(configOf(phase)), `activity ${phase}`).toContain('as of November 2026');
    }
  });

  it('never calls a trial free: Squarespace is a 14-day trial', () => {
    const squarespace = sentences.filter(
      (s) => /Squarespace/.test(s.sentence) && /\bfree\b/i.test(s.sentence),
    );
    expect(squarespace.length).toBeGreaterThan(0);
    for (const s of squarespace) expect(s.sentence, s.where).toMatch(/14-day (free )?trial/);
  });

  it('asks for consent wherever it speaks of cloning a voice', () => {
    const cloning = sentences.filter((s) => /\bclon(e|ed|es|ing)\b/i.test(s.sentence));
    expect(cloning.length).toBeGreaterThan(2);
    for (const s of cloning) expect(s.sentence, `${s.phase} ${s.where}`).toMatch(/consent/i);
    for (const phase of [6, 7]) expect(configOf(phase).promptTemplate).toMatch(/consent/);
  });

  it('says who owns generated assets, how they are licensed and when to label them', () => {
    const assets = JSON.stringify(configOf(6));
    expect(assets).toMatch(/cannot be registered/);
    expect(assets).toMatch(/commercial (use|licence)/);
    expect(assets).toMatch(/AI-generated/);
    expect(configOf(6).promptTemplate).toMatch(/label/);
  });

  it('no longer says image models cannot render text', () => {
    for (const config of configs) {
      expect(JSON.stringify(config), `activity ${config.phase}`).not.toMatch(
        /(cannot|can't|struggle to) (render|write|spell)|garble|struggle with text/i,
      );
    }
    expect(JSON.stringify(configOf(6))).toMatch(/render a short word or two reasonably well/);
  });
});

describe('handoffs between activities', () => {
  it.each(PHASE_NUMBERS)('phase %i ends with one optional handoff textarea', (phase) => {
    const config = configOf(phase);
    const handoffs = config.fields.filter((f) => f.handoff);
    expect(handoffs).toHaveLength(1);
    const [handoff] = handoffs;
    expect(config.fields.at(-1)).toBe(handoff);
    expect(handoff?.type).toBe('textarea');
    expect(handoff?.required).toBe(false);
    expect(handoff?.help).toMatch(/^Optional, after/);
  });

  it.each(PHASE_NUMBERS.filter((p) => p < 8))("phase %i's handoff is read by a later activity", (phase) => {
    const handoff = configOf(phase).fields.find((f) => f.handoff)!;
    const readers = configs.filter(
      (c) =>
        c.phase > phase && listTemplatePlaceholders(c.promptTemplate).includes(`phase${phase}.${handoff.id}`),
    );
    expect(readers.length, `phase${phase}.${handoff.id}`).toBeGreaterThan(0);
  });

  it('activity 2 starts from the competitors of activity 1, and activity 4 from its unmet needs', () => {
    const research = 'Competitors: an indoor kite brand. Unmet needs: 1. Kites that fly without wind.';
    const team = { 1: { research_findings: research } };
    for (const phase of [2, 4]) {
      const withResearch = renderAndLint(configOf(phase), team, {});
      const without = renderAndLint(configOf(phase), {}, {});
      expect(withResearch.text).toContain(research);
      expect(without.text).not.toContain('market research found');
      expect(withResearch.problems).toEqual([]);
      expect(without.problems).toEqual([]);
    }
  });
});

describe('prompt templates', () => {
  it.each(PHASE_NUMBERS)(
    'phase %i refers only to its own fields, the shared facts and real answers of other activities',
    (phase) => {
      const config = configOf(phase);
      const own = new Set(config.fields.map((f) => f.id));
      for (const placeholder of listTemplatePlaceholders(config.promptTemplate)) {
        const reference = /^phase(\d)\.([a-z0-9_]+)$/.exec(placeholder);
        if (reference) {
          const other = Number(reference[1]);
          expect(other, `${placeholder} names another activity`).not.toBe(phase);
          expect(
            configOf(other).fields.map((f) => f.id),
            placeholder,
          ).toContain(reference[2]);
        } else {
          expect(
            own.has(placeholder) || isSharedFactId(placeholder),
            `unknown placeholder ${placeholder}`,
          ).toBe(true);
        }
      }
    },
  );

  it.each(PHASE_NUMBERS)(
    'phase %i reads a shared fact its form does not show only in conditions (it cannot be filled here)',
    (phase) => {
      const config = configOf(phase);
      const own = new Set(config.fields.map((f) => f.id));
      for (const use of placeholdersWithConditions(config.promptTemplate)) {
        expect(own.has(use.path) || !isSharedFactId(use.path), `{{${use.path}}} is not on this form`).toBe(
          true,
        );
      }
    },
  );

  it.each(PHASE_NUMBERS)(
    "phase %i reads another activity's answer only where it is known to be given",
    (phase) => {
      for (const use of placeholdersWithConditions(configOf(phase).promptTemplate)) {
        if (!use.path.startsWith('phase')) continue;
        const guarded = use.whenTrue.some((c) => c.kind === 'truthy' && c.path.join('.') === use.path);
        expect(guarded, `{{${use.path}}} outside {{#if ${use.path}}}`).toBe(true);
      }
    },
  );

  it.each(PHASE_NUMBERS)(
    "phase %i shows a choice's id only as the marker of a blank choice, never its raw value",
    (phase) => {
      const config = configOf(phase);
      const selects = new Map(config.fields.filter(isChoiceField).map((f) => [f.id, f]));
      for (const use of placeholdersWithConditions(config.promptTemplate)) {
        const select = selects.get(use.path);
        if (!select) continue;
        const ruledOut = (value: string) =>
          use.whenFalse.some(
            (c) =>
              c.path.join('.') === select.id &&
              (c.kind === 'truthy' || (c.operator === '==' && c.value === value)),
          );
        const blankHere = (select.options ?? []).every((o) => ruledOut(o.value));
        expect(blankHere, `{{${select.id}}} where a choice may be made`).toBe(true);
      }
    },
  );

  describe.each(PHASE_NUMBERS)('phase %i reads cleanly', (phase) => {
    it.each(stages(phase))('for %s', (_stage, team, facts) => {
      const { text, problems } = renderAndLint(configOf(phase), team, facts);
      expect(problems, text).toEqual([]);
      expect(text.length).toBeGreaterThan(1500);
    });

    it('with every option of every choice it reads, each giving its own prompt', () => {
      const config = configOf(phase);
      // The form's own choices, and the profile's facts its template reads though another form asks them.
      const read = new Set(listTemplatePlaceholders(config.promptTemplate));
      const profile = SHARED_FACTS.filter(
        (fact) =>
          'options' in fact.field && read.has(fact.id) && !config.fields.some((f) => f.id === fact.id),
      ).map((fact) => fact.id);
      const choices = choicesRead(config);
      expect(choices.map((c) => c.id)).toEqual([
        ...config.fields.filter(isChoiceField).map((f) => f.id),
        ...profile,
      ]);
      for (const field of choices) {
        const outputs = new Set<string>();
        for (const option of field.options) {
          const { text, problems } = renderAndLint(config, everyone, everyonesFacts, {
            [field.id]: option.value,
          });
          expect(problems, `${field.id} = ${option.value}`).toEqual([]);
          outputs.add(text);
        }
        // Conditionals change the instructions: each option of the form's own choices gives its own prompt;
        // a profile fact read from elsewhere switches on what concerns this activity, so some option changes it.
        if (!field.onForm) {
          expect(outputs.size, `${field.id} changes the prompt`).toBeGreaterThan(1);
        } else {
          expect(outputs.size, `${field.id} changes the prompt`).toBe(field.options.length);
        }
      }
    });

    it('when the form is blank, every unfilled choice shows as a marker the team can see', () => {
      const { text } = renderAndLint(configOf(phase), {}, {});
      for (const field of configOf(phase).fields.filter((f) => isChoiceField(f) && f.required)) {
        expect(text, field.id).toContain(`{{${field.id}}}`);
      }
    });

    it.each(stages(phase))(
      'shows a [MISSING] marker exactly where the page says the prompt has nothing to start from, for %s',
      (_stage, team, facts) => {
        const config = configOf(phase);
        const { text, context } = renderAndLint(configOf(phase), team, facts);
        const unmet = new Set(unmetNeeds(config.needs, context));
        for (const need of config.needs ?? []) {
          expect(text.includes(`[MISSING: ${need.what}]`), need.what).toBe(unmet.has(need));
        }
        expect(text.match(/\[MISSING: /g)?.length ?? 0).toBeLessThanOrEqual(unmet.size * 3);
      },
    );
  });

  it('renders the running example with no marker left and no bracketed gap of our own', () => {
    for (const config of configs) {
      const { text } = renderAndLint(configOf(config.phase), everyone, everyonesFacts);
      expect(text, `phase ${config.phase}`).not.toContain('{{');
      expect(text).not.toMatch(/\[not yet answered/);
    }
  });
});
