import { describe, expect, it } from 'vitest';
import { ApiError, RequestTimeoutError } from '@/lib/api-client';
import { saveRefusalText } from './save-status.tsx';

const refused = (status: number) => new ApiError(status, `${status}: refused`, 'refused');

describe('why a save was not made', () => {
  it('names each refusal a retry will not mend by itself, and leaves network trouble to the offline text', () => {
    expect(saveRefusalText(refused(401))).toBe('Not saved – open your workspace again');
    expect(saveRefusalText(refused(403))).toBe('Not saved – open your workspace again');
    expect(saveRefusalText(refused(413))).toBe('Not saved – answers too long (max 64 KiB)');
    expect(saveRefusalText(refused(409))).toBe('Not saved – will retry');
    expect(saveRefusalText(new RequestTimeoutError())).toBe(
      'Not saved – the server is not answering, will retry',
    );
    expect(saveRefusalText(refused(503))).toBeUndefined();
    expect(saveRefusalText(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
