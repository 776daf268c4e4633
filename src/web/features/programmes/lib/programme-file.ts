import { PROGRAMME_MAX_BYTES } from '@shared/schemas/programmes';

export type ReadFile = { kind: 'read'; content: unknown } | { kind: 'refused'; message: string };

/**
 * A chosen file read as JSON, before it is sent: one too large or not JSON is refused here with the reason;
 * what it holds is the server's to check (the same checks as publishing), so nothing is half-imported.
 */
export async function readProgrammeFile(file: Pick<Blob, 'size' | 'text'>): Promise<ReadFile> {
  if (file.size > PROGRAMME_MAX_BYTES) {
    return {
      kind: 'refused',
      message: `The file is too large: a programme file is at most ${Math.round(PROGRAMME_MAX_BYTES / 1000)} KB.`,
    };
  }
  try {
    return { kind: 'read', content: JSON.parse(await file.text()) as unknown };
  } catch {
    return { kind: 'refused', message: 'The file is not a programme file: it is not JSON.' };
  }
}
