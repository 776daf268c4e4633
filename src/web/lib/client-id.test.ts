import { ClientIdSchema } from '@shared/schemas/phase-data';
import { describe, expect, it } from 'vitest';
import { clientId, newClientId } from './client-id.ts';

describe('client id', () => {
  it('is a valid clientId, random per page, and stays the same for the page', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newClientId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(ClientIdSchema.safeParse(id).success).toBe(true);
    expect(clientId()).toBe(clientId());
    expect(ClientIdSchema.safeParse(clientId()).success).toBe(true);
    // Every byte maps into the alphabet, the highest included.
    expect(newClientId((b) => b.fill(255))).toMatch(/^[A-Za-z0-9]{22}$/);
  });
});
