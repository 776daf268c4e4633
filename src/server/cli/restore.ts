import { backupTargetFrom, describeCounts, parseBackupArguments, restoreDatabase } from '../backup/backup.ts';
import { loadConfig } from '../config.ts';

/** `npm run restore -- FILE [--force]`: restores a backup into the configured database. */
async function main(): Promise<void> {
  const { file, force } = parseBackupArguments('restore', process.argv.slice(2));
  const config = loadConfig({ ...process.env, ADMIN_USERNAME: '', ADMIN_PASSWORD: '' });
  const target = backupTargetFrom(config);
  const result = await restoreDatabase(target, file, { force });
  const replaced = result.replaced ? ` It replaced ${describeCounts(result.replaced)}.` : '';
  console.log(
    `Restored ${describeCounts(result.rows)} from ${result.file} (made ${result.header.createdAt} on ` +
      `${result.header.source}, schema ${result.header.migration.tag}) into ${target.where.replace(/^The /, 'the ')}.` +
      `${replaced} Sessions are not restored: teams open their workspaces again with their codes.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
