import { ADMIN_PASSWORD_MIN_LENGTH, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { upsertAdmin } from '../auth/queries.ts';
import { readPassword } from './read-password.ts';

/** `npm run admin:create -- NAME`: creates the admin, or resets its password. */
async function main(): Promise<void> {
  const username = process.argv[2]?.trim();
  if (!username) throw new Error('Usage: npm run admin:create -- <username>');
  let password = process.env.ADMIN_PASSWORD;
  if (!password) {
    const prompt = `Password for "${username}" (at least ${ADMIN_PASSWORD_MIN_LENGTH} characters): `;
    password = await readPassword(process.stdin, process.stdout, prompt);
    if (process.stdin.isTTY) {
      const again = await readPassword(process.stdin, process.stdout, 'The same password again: ');
      if (again !== password) throw new Error('The two passwords differ. Nothing was changed.');
    }
  }
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    throw new Error(
      `The password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters. Nothing was changed.`,
    );
  }
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
