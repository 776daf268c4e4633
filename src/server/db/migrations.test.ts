import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase } from './client.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('migrations on one PostgreSQL [postgres]', () => {
  it('instances starting at the same moment on a fresh database all start, and each migration runs once', async () => {
    const name = `genai_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.allSettled([0, 1, 2, 3].map(() => openDatabase({ url: url.toString() })));
      const failures = opened.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
      for (const r of opened) if (r.status === 'fulfilled') await r.value.close();
      expect(failures).toEqual([]);

      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const { rows } = await check.query('select created_at from drizzle.__drizzle_migrations');
      await check.end();
      expect(rows.map((r) => Number(r.created_at)).sort()).toEqual(
        journal.entries.map((e: { when: number }) => e.when).sort(),
      );
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 60_000);
});
