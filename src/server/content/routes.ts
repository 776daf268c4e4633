import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ActivityFields,
  ActivityFieldsSchema,
  type PhaseConfig,
  PhaseConfigSchema,
} from '../../shared/phase-config.ts';
import { ErrorResponseSchema } from '../../shared/schemas/common.ts';
import { notFound } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';

export const configRoutes: FastifyPluginAsyncZod<{ phaseConfigs: Map<number, PhaseConfig> }> = async (
  app,
  options,
) => {
  // Each activity's fields, as the done rule reads them (src/shared/activity-done.ts): a few hundred bytes
  // for the header and the way on, instead of eight whole configs. Made once: configs change with a deploy.
  const fields: ActivityFields = {
    activities: [...options.phaseConfigs.values()]
      .sort((a, b) => a.phase - b.phase)
      .map((config) => ({
        phase: config.phase,
        fields: config.fields.map((field) => ({ id: field.id, required: field.required })),
      })),
  };
  app.get(
    '/api/configs/fields',
    { schema: { response: { 200: ActivityFieldsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return fields;
    },
  );

  app.get(
    '/api/configs/phase-:n',
    {
      schema: {
        params: z.object({ n: z.string().max(8) }),
        response: { 200: PhaseConfigSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const config = /^\d+$/.test(request.params.n)
        ? options.phaseConfigs.get(Number(request.params.n))
        : undefined;
      if (!config) throw notFound(MESSAGES.phaseNotFound);
      // Configs change only with a deploy; a short cache spares repeat visits.
      reply.header('cache-control', 'public, max-age=300');
      return config;
    },
  );
};
