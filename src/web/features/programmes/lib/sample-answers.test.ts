import { readFileSync } from 'node:fs';
import { PhaseConfigSchema } from '@shared/phase-config';
import { describe, expect, it } from 'vitest';
import { previewContext, sampleTeam } from './sample-answers.ts';

const programme = [1, 2, 3, 4, 5, 6, 7, 8].map((n) =>
  PhaseConfigSchema.parse(JSON.parse(readFileSync(`content/phases/phase-${n}.json`, 'utf8'))),
);
const config = programme[1]!;

describe('the sample teams of "Preview as a team"', () => {
  it("fills the worked example's answers everywhere, following the config as edited", () => {
    const edited = {
      ...config,
      fields: config.fields.map((f, i) =>
        i === 0 && f.type === 'text' ? { ...f, placeholder: 'Edited' } : f,
      ),
    };
    const sample = sampleTeam('example', edited, programme);
    expect(Object.keys(sample.own).length).toBeGreaterThan(0);
    expect(sample.team[1]).toBeDefined();
    if (edited.fields[0]!.type === 'text') expect(sample.own[edited.fields[0]!.id]).toBe('Edited');
  });

  it('fills only the required answers of this activity, or nothing', () => {
    const required = sampleTeam('required', config, programme);
    const requiredIds = config.fields.filter((f) => f.required).map((f) => f.id);
    expect(Object.keys(required.own).every((id) => requiredIds.includes(id))).toBe(true);
    expect(Object.keys(required.team)).toEqual([String(config.phase)]);
    expect(sampleTeam('blank', config, programme)).toEqual({ own: {}, team: {}, facts: {} });
  });

  it('renders with what is typed in the preview over the sample', () => {
    const sample = sampleTeam('blank', config, programme);
    const id = config.fields[0]!.id;
    expect(previewContext(config, sample, { [id]: 'typed' })[id]).toBe('typed');
  });
});
