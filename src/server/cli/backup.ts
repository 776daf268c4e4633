import { backupDatabase, backupTargetFrom, describeCounts, parseBackupArguments } from '../backup/backup.ts';
import { loadConfig } from '../config.ts';

/** `npm run backup -- FILE [--force]`: a backup of the configured database (PGlite or PostgreSQL). */
async function main(): Promise<void> {
  const { file, force } = parseBackupArguments('backup', process.argv.slice(2));
  const config = loadConfig({ ...process.env, ADMIN_USERNAME: '', ADMIN_PASSWORD: '' });
  const target = backupTargetFrom(config);
  const result = await backupDatabase(target, file, { force });
  console.log(
    `Backed up ${describeCounts(result.rows)} to ${result.file} (${Math.ceil(result.bytes / 1024)} KB, schema ` +
      `${result.migration.tag}). Sessions are not kept: after a restore, teams open their workspaces again ` +
      'with their codes and instructors sign in again.',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
