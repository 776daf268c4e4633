import { expect, it } from 'vitest';
import { describeApi } from '../../../testing/api/test-app.ts';

describeApi('API reference', (ctx) => {
  it('serves an OpenAPI document listing every API route, with the zod schemas as JSON Schema', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);

    const routes = ctx.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => line.replace(/^[\s│├└─]+/, '').split(' (')[0]!)
      .filter((path) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
      .map((path) => path.replace(/:(\w+)/g, '{$1}'));
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) expect(Object.keys(document.paths), route).toContain(route);

    const createTeam = document.paths['/api/teams'].post;
    expect(createTeam.requestBody.content['application/json'].schema.properties.name).toMatchObject({
      type: 'string',
      maxLength: 80,
    });
    expect(Object.keys(createTeam.responses)).toEqual(expect.arrayContaining(['201', '400', '409']));
  });

  it('serves the reference page itself', async () => {
    const response = await ctx.app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });
});
