import type { FastifyRequest } from 'fastify';
import { STANDARD_PROGRAMME_ID } from '../../shared/schemas/programmes.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';
import { teamRunsProgramme } from './queries.ts';

/**
 * The guard of a published version's content (`GET /api/programmes/:programmeId/versions/:version/...`): the
 * standard's is anyone's; another programme's is an instructor's, or a team session's whose cohort runs that
 * programme. Nobody: 401; a team of another cohort: 403.
 */
export async function requireProgrammeReader(request: FastifyRequest, programmeId: string): Promise<void> {
  if (programmeId === STANDARD_PROGRAMME_ID || (await request.sessionAdmin())) return;
  const team = await request.sessionTeam();
  if (!team) throw unauthorized(MESSAGES.teamSessionRequired);
  if (!(await teamRunsProgramme(request.server.db, team.id, programmeId))) {
    throw forbidden(MESSAGES.otherCohortsProgramme);
  }
}
