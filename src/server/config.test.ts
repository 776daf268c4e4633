import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: path.join(PROJECT_ROOT, 'data'),
      admin: undefined,
      trustProxy: false,
      logLevel: 'info',
      requestsPerMinute: 3000,
      webRoot: path.join(PROJECT_ROOT, 'dist/web'),
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/lab',
      DATA_DIR: '/var/lib/lab',
      ADMIN_USERNAME: 'alice',
      ADMIN_PASSWORD: 'secret-pass',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1200',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db:5432/lab',
      dataDir: '/var/lib/lab',
      admin: { username: 'alice', password: 'secret-pass' },
      trustProxy: 1,
      logLevel: 'warn',
      requestsPerMinute: 1200,
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ RATE_LIMIT_PER_MINUTE: '10' }, 'RATE_LIMIT_PER_MINUTE'],
    [{ ADMIN_USERNAME: 'alice' }, 'ADMIN_USERNAME and ADMIN_PASSWORD'],
  ])('stops with the variable named for %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
});
