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

  it('leaves running prompts absent until OPENAI_MODEL names a model', () => {
    expect(loadConfig({}).model).toBeUndefined();
    // A key set for another program switches nothing on.
    expect(loadConfig({ OPENAI_API_KEY: 'sk-x' }).model).toBeUndefined();
  });

  it('reads the model, its key, its address and its prices', () => {
    const model = loadConfig({
      OPENAI_MODEL: 'gpt-4o-mini',
      OPENAI_API_KEY: 'sk-secret',
      OPENAI_BASE_URL: 'https://llm.example.org/v1',
      OPENAI_PRICE_PER_1K_TOKENS: '0.002',
      OPENAI_PRICE_CURRENCY: 'EUR',
    }).model;
    expect(model).toMatchObject({
      model: 'gpt-4o-mini',
      apiKey: 'sk-secret',
      baseURL: 'https://llm.example.org/v1',
      pricing: { inputPer1k: 0.002, outputPer1k: 0.002, currency: 'EUR' },
      maxOutputTokens: 2000,
      timeoutMs: 30_000,
      maxRunMs: 180_000,
      runsInFlight: 8,
      stream: true,
    });
    expect(
      loadConfig({
        OPENAI_MODEL: 'm',
        OPENAI_API_KEY: 'k',
        OPENAI_PRICE_PER_1K_INPUT_TOKENS: '0.5',
        OPENAI_PRICE_PER_1K_OUTPUT_TOKENS: '1.5',
      }).model?.pricing,
    ).toEqual({ inputPer1k: 0.5, outputPer1k: 1.5, currency: 'USD' });
    // A model served without a key (Ollama, vLLM): the address is enough.
    expect(
      loadConfig({ OPENAI_MODEL: 'llama3', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }).model,
    ).toMatchObject({
      apiKey: 'none',
      pricing: undefined,
    });
  });

  it('refuses a model without a key or an address, half a price, and prices that are not numbers', () => {
    expect(() => loadConfig({ OPENAI_MODEL: 'm' })).toThrow(/OPENAI_API_KEY/);
    expect(() =>
      loadConfig({ OPENAI_MODEL: 'm', OPENAI_API_KEY: 'k', OPENAI_PRICE_PER_1K_INPUT_TOKENS: '1' }),
    ).toThrow(/set together/);
    expect(() =>
      loadConfig({ OPENAI_MODEL: 'm', OPENAI_API_KEY: 'k', OPENAI_PRICE_PER_1K_TOKENS: 'free' }),
    ).toThrow(/OPENAI_PRICE_PER_1K_TOKENS/);
    expect(() => loadConfig({ OPENAI_MODEL: 'm', OPENAI_BASE_URL: 'ftp://x' })).toThrow(/OPENAI_BASE_URL/);
    // The key is never part of the message.
    try {
      loadConfig({ OPENAI_MODEL: 'm', OPENAI_API_KEY: 'sk-do-not-print', OPENAI_TIMEOUT_MS: 'soon' });
    } catch (error) {
      expect(String(error)).not.toContain('sk-do-not-print');
    }
  });
});
