import { createInterface } from 'node:readline/promises';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { upsertAdmin } from '../db/users.ts';

/** `npm run admin:create -- NAME`: creates the admin, or resets its password. */
async function main(): Promise<void> {
  const username = process.argv[2]?.trim();
  if (!username) throw new Error('Usage: npm run admin:create -- <username>');
  let password = process.env.ADMIN_PASSWORD;
  if (!password) {
    if (!process.stdin.isTTY)
      throw new Error('Set ADMIN_PASSWORD or run in a terminal to type the password.');
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    password = await rl.question('Password: ');
    rl.close();
  }
  if (!password || password.length < 8) throw new Error('The password must be at least 8 characters.');
  const config = loadConfig({ ...process.env, ADMIN_USERNAME: '', ADMIN_PASSWORD: '' });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const outcome = await upsertAdmin(database.db, username, password);
    console.log(`Admin "${username}" ${outcome}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
