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
      ADMIN_PASSWORD: 'secret-pass-12',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1200',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db:5432/lab',
      dataDir: '/var/lib/lab',
      admin: { username: 'alice', password: 'secret-pass-12' },
      trustProxy: 1,
      logLevel: 'warn',
      requestsPerMinute: 1200,
    });
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ RATE_LIMIT_PER_MINUTE: '10' }, 'RATE_LIMIT_PER_MINUTE'],
    [{ ADMIN_USERNAME: 'alice' }, 'ADMIN_USERNAME and ADMIN_PASSWORD'],
    [
      { ADMIN_USERNAME: 'alice', ADMIN_PASSWORD: 'eleven char' },
      'ADMIN_PASSWORD: must be at least 12 characters',
    ],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'my-proxy' }, 'TRUST_PROXY'],
  ])('stops with the variable named for %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('refuses TRUST_PROXY=true at start-up, saying what to give instead', () => {
    for (const value of ['true', 'TRUE', ' true ']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: TRUST_PROXY=true would believe the left-most X-Forwarded-For entry, which the client writes.*hop count|number of proxies/,
      );
    }
  });

  it('accepts a hop count or a comma-separated list of proxy addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toBe('127.0.0.1');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, fd00::/8 ,loopback,::1' }).trustProxy).toBe(
      '10.0.0.0/8,fd00::/8,loopback,::1',
    );
  });

  it('reads PUBLIC_ORIGIN as a list of origins, and stops on anything else', () => {
    expect(loadConfig({}).publicOrigins).toEqual([]);
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://Lab.Example.org/' }).publicOrigins).toEqual([
      'https://lab.example.org',
    ]);
    expect(
      loadConfig({ PUBLIC_ORIGIN: 'https://lab.example.org, http://192.168.1.20:3000' }).publicOrigins,
    ).toEqual(['https://lab.example.org', 'http://192.168.1.20:3000']);
    for (const value of [
      'lab.example.org',
      'https://lab.example.org/app',
      'ftp://lab.example.org',
      'https://u:p@lab.example.org',
    ]) {
      expect(() => loadConfig({ PUBLIC_ORIGIN: value }), value).toThrow(/PUBLIC_ORIGIN: not an origin/);
    }
  });

  it('takes an ADMIN_PASSWORD of 12 characters or more', () => {
    expect(loadConfig({ ADMIN_USERNAME: 'alice', ADMIN_PASSWORD: 'twelve chars' }).admin?.password).toBe(
      'twelve chars',
    );
  });
});
