import { type ChildProcess, spawn } from 'node:child_process';
import { PROJECT_ROOT } from '../src/server/config.ts';
import type { LockKind } from '../src/server/db/data-dir-lock.ts';

/**
 * Another process that tries the lock and, when it gets it, keeps it until killed: resolves with it and
 * whether it got the lock. The caller kills it.
 */
export async function lockingProcess(
  dir: string,
  kind?: LockKind,
): Promise<{ child: ChildProcess; locked: boolean }> {
  const script = `
    import { lockDataDir } from './src/server/db/data-dir-lock.ts';
    try {
      await lockDataDir(${JSON.stringify(dir)}, { kind: ${JSON.stringify(kind)}, waitMs: 3000 });
      process.stdout.write('locked\\n');
      setInterval(() => {}, 1000);
    } catch (error) {
      process.stdout.write('refused ' + error.message + '\\n');
    }
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const locked = await new Promise<boolean>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('locked')) resolve(true);
      if (output.includes('refused')) resolve(false);
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before it said: ${output}`)));
  });
  return { child, locked };
}
