import { type ProgrammeProblem, PublishRefusedSchema } from '@shared/schemas/programmes';
import { ApiError, api } from '@/lib/api-client';
import { programmePath } from './programme-path';

export type PublishResult =
  | { kind: 'published'; version: number }
  /** The checks refused it (422), with every problem. */
  | { kind: 'refused'; message: string; problems: ProgrammeProblem[] };

/** `POST .../publish` `{ revision }`: the new version, or the problems that refuse it. */
export async function publishProgramme(programmeId: string, revision: number): Promise<PublishResult> {
  return publishedOrRefused(() =>
    api<{ version: number }>(`${programmePath(programmeId)}/publish`, {
      method: 'POST',
      body: { revision },
    }),
  );
}

/** The version a publish made, or the 422's problems; any other failure is thrown. */
export async function publishedOrRefused(call: () => Promise<{ version: number }>): Promise<PublishResult> {
  try {
    const { version } = await call();
    return { kind: 'published', version };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      const parsed = PublishRefusedSchema.safeParse(error.body);
      if (parsed.success) return { kind: 'refused', ...parsed.data };
    }
    throw error;
  }
}
