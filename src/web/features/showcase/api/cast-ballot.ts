import type { Vote } from '@shared/schemas/showcase';
import { api } from '@/lib/api-client';

/** POST /api/showcase/{tag}/vote: one ballot per team; a second one is refused (409). */
export async function castBallot(tag: string, votes: Vote[]): Promise<Vote[]> {
  const response = await api<{ votes: Vote[] }>(`/api/showcase/${encodeURIComponent(tag)}/vote`, {
    method: 'POST',
    body: { votes },
  });
  return response.votes;
}
