import { PROGRAMME_MAX_BYTES } from '@shared/schemas/programmes';
import { describe, expect, it } from 'vitest';
import { readProgrammeFile } from './programme-file.ts';

const file = (text: string, size = text.length) => ({ size, text: async () => text });

describe('readProgrammeFile', () => {
  it('reads a JSON file', async () => {
    expect(await readProgrammeFile(file('{"format":"x"}'))).toEqual({
      kind: 'read',
      content: { format: 'x' },
    });
  });

  it('refuses a file that is not JSON, or too large, with the reason', async () => {
    expect(await readProgrammeFile(file('not json'))).toEqual({
      kind: 'refused',
      message: 'The file is not a programme file: it is not JSON.',
    });
    const big = await readProgrammeFile(file('{}', PROGRAMME_MAX_BYTES + 1));
    expect(big.kind).toBe('refused');
    expect(big.kind === 'refused' && big.message).toMatch(/too large/);
  });
});
