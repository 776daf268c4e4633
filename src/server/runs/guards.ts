import type { FastifyRequest } from 'fastify';
import { forbidden } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';
import { requireTeamAccess } from '../plugins/sessions.ts';

/**
 * The team's own workspace, and only the team: what starts a run charged to its budget. An instructor reads
 * the team's runs but starts none (403); another team 403, no session 401 (as `requireTeamAccess`).
 */
export async function requireOwnWorkspace(request: FastifyRequest, teamId: string): Promise<void> {
  if ((await requireTeamAccess(request, teamId)) !== 'team') throw forbidden(MESSAGES.runIsTheTeams);
}
