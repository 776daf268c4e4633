import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The API reference at /api/docs (JSON at /api/docs/json), generated from the same zod schemas the routes
 * validate with. Registered before the routes so it sees them all.
 */
export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Applied GenAI Lab API',
          description:
            'Every call of the app. Errors are `{ message }` with the status named in each response. Team calls need the `genai_team` session cookie, admin calls the `genai_admin` cookie.',
          version: '1.0.0',
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  },
  { name: 'docs' },
);
