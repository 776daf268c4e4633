import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type FormField, type PhaseConfig, PhaseConfigSchema } from '../../shared/phase-config.ts';
import { ACTIVITY_NAMES, HEADER_NAMES, PAGE_NAMES, PHASE_NUMBERS } from '../../shared/phases.ts';
import { listTemplatePlaceholders, renderPromptTemplate } from '../../shared/prompt-template.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const contentDir = path.join(root, 'content');

function readConfig(phase: number): unknown {
  return JSON.parse(readFileSync(path.join(contentDir, 'phases', `phase-${phase}.json`), 'utf8'));
}

const configs: PhaseConfig[] = PHASE_NUMBERS.map((phase) => PhaseConfigSchema.parse(readConfig(phase)));

function configOf(phase: number): PhaseConfig {
  const config = configs[phase - 1];
  if (!config) throw new Error(`no config for phase ${phase}`);
  return config;
}

function fieldOf(phase: number, id: string): FormField {
  const field = configOf(phase).fields.find((f) => f.id === id);
  if (!field) throw new Error(`phase ${phase} has no field ${id}`);
  return field;
}

/** A plausible answer for every field: the placeholder, the first option, or a colour. */
function sampleAnswer(field: FormField): string {
  if (field.type === 'select') return field.options?.[0]?.value ?? 'option';
  if (field.type === 'color') return '#F5A623';
  return field.placeholder?.trim() || `Sample answer for ${field.label}`;
}

function answers(config: PhaseConfig, only: (field: FormField) => boolean = () => true) {
  return Object.fromEntries(config.fields.filter(only).map((field) => [field.id, sampleAnswer(field)]));
}

/** Fields the app prefills from earlier activities: same id, so they must mean the same thing. */
const SHARED_IDS = ['company_name', 'concept_name', 'brand_adjectives', 'target_audience'];

describe('phase configs in content/phases', () => {
  it.each(PHASE_NUMBERS)('phase-%i.json passes the schema and names its own phase', (phase) => {
    const parsed = PhaseConfigSchema.safeParse(readConfig(phase));
    expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
    expect(configOf(phase).phase).toBe(phase);
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
    'phase %i has required fields, help on every field and real select options',
    (phase) => {
      const config = configOf(phase);
      expect(config.fields.some((f) => f.required)).toBe(true);
      for (const field of config.fields) {
        expect(field.help, `${field.id} help`).toBeTruthy();
        if (field.type === 'select') {
          const values = (field.options ?? []).map((o) => o.value);
          expect(new Set(values).size, `${field.id} option values are unique`).toBe(values.length);
        }
      }
      expect(config.stepByStepFlow?.every((step) => step.time && step.details)).toBe(true);
    },
  );

  it('gives a shared field id the same label in every phase that uses it', () => {
    for (const id of SHARED_IDS) {
      const labels = new Set(configs.flatMap((c) => c.fields.filter((f) => f.id === id).map((f) => f.label)));
      expect(labels.size, `labels of ${id}: ${[...labels].join(' / ')}`).toBeLessThanOrEqual(1);
    }
    const phasesWith = (id: string) => configs.filter((c) => c.fields.some((f) => f.id === id)).length;
    expect(phasesWith('company_name')).toBe(8);
    expect(phasesWith('concept_name')).toBeGreaterThanOrEqual(3);
    expect(phasesWith('brand_adjectives')).toBeGreaterThanOrEqual(2);
    expect(fieldOf(4, 'brand_adjectives').required).toBe(true);
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

  it('offers the market analysis PDF in phase 4 and the file exists', () => {
    const download = configOf(4).download;
    expect(download).toEqual({ label: 'Download PDF', href: '/downloads/stem-toys-market-analysis.pdf' });
    const file = path.join(contentDir, download!.href);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const config of configs) if (config.phase !== 4) expect(config.download).toBeUndefined();
  });

  it('lists product concepts for the ideation phase and a file for the others', () => {
    expect(configOf(4).expectedOutput.marketInformedProductConcepts?.length).toBeGreaterThan(0);
    for (const config of configs) {
      const output = config.expectedOutput;
      expect(output.marketInformedProductConcepts?.length || output.fileCreated?.trim()).toBeTruthy();
    }
  });
});

describe('prompt templates', () => {
  it.each(PHASE_NUMBERS)('phase %i refers only to its own field ids', (phase) => {
    const config = configOf(phase);
    const ids = new Set(config.fields.map((f) => f.id));
    for (const placeholder of listTemplatePlaceholders(config.promptTemplate)) {
      expect(ids.has(placeholder.toLowerCase()), `unknown placeholder ${placeholder}`).toBe(true);
    }
  });

  it.each(PHASE_NUMBERS)('phase %i renders completely when every field is filled', (phase) => {
    const config = configOf(phase);
    const output = renderPromptTemplate(config.promptTemplate, answers(config));
    expect(output).not.toContain('{{');
    expect(output).not.toContain('}}');
    expect(output.length).toBeGreaterThan(1500);
  });

  it.each(PHASE_NUMBERS)('phase %i renders completely with every option of every select', (phase) => {
    const config = configOf(phase);
    const base = answers(config);
    for (const field of config.fields.filter((f) => f.type === 'select')) {
      const outputs = new Set<string>();
      for (const option of field.options ?? []) {
        const output = renderPromptTemplate(config.promptTemplate, { ...base, [field.id]: option.value });
        expect(output, `${field.id} = ${option.value}`).not.toContain('{{');
        outputs.add(output);
      }
      // Conditionals change the instructions: each option should produce its own prompt.
      expect(outputs.size, `${field.id} changes the prompt`).toBe(field.options?.length);
    }
  });

  it.each(PHASE_NUMBERS)('phase %i reads without leftovers when only required fields are filled', (phase) => {
    const config = configOf(phase);
    const output = renderPromptTemplate(
      config.promptTemplate,
      answers(config, (field) => field.required),
    );
    expect(output).not.toContain('{{');
  });
});
