import { api } from '@/lib/api-client';
import { programmePath } from './programme-path';
import { type PublishResult, publishedOrRefused } from './publish-programme';

/** `POST .../versions/:version/republish`: an earlier version published again, as a new version. */
export function republishVersion(programmeId: string, version: number): Promise<PublishResult> {
  return publishedOrRefused(() =>
    api<{ version: number }>(`${programmePath(programmeId)}/versions/${version}/republish`, {
      method: 'POST',
    }),
  );
}
