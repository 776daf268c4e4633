import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';

/**
 * The backup file: gzip-compressed JSON lines. The first line is the header (what wrote it, the schema's
 * migration, each table's columns), then one line per row, `{"t":<table>,"r":<the row as PostgreSQL's
 * row_to_json wrote it>}`, and last a trailer with the row count of each table, so a file cut short is
 * told apart from a complete one even when it still decompresses.
 */
export const BACKUP_FORMAT = 'applied-genai-lab-backup';
export const BACKUP_FORMAT_VERSION = 1;

export const BackupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().positive(),
  createdAt: z.string(),
  source: z.enum(['pglite', 'postgres']),
  /** The newest migration applied to the database backed up (drizzle's journal tag and `when`). */
  migration: z.object({ tag: z.string(), when: z.number().int() }),
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()).min(1) })),
});
export type BackupHeader = z.infer<typeof BackupHeaderSchema>;

const TrailerSchema = z.object({ end: z.literal(true), rows: z.record(z.string(), z.number().int()) });

/** A backup or restore refused with a message for the person running it; nothing was changed. */
export class BackupRefusal extends Error {
  override name = 'BackupRefusal';
}

export const headerLine = (header: BackupHeader) => JSON.stringify(header);
/** A row line around the row's JSON text as the database wrote it, so nothing is re-encoded. */
export const rowLine = (table: string, rowJson: string) => `{"t":${JSON.stringify(table)},"r":${rowJson}}`;
export const trailerLine = (rows: Record<string, number>) => JSON.stringify({ end: true, rows });

const notABackup = (file: string, why: string) =>
  new BackupRefusal(`${file} is not a backup of Applied GenAI Lab (${why}). Nothing was restored.`);
const damaged = (file: string, why: string) =>
  new BackupRefusal(`${file} is damaged or incomplete (${why}). Nothing was restored.`);

/** The decompressed lines of a file; a file that is not gzip, or is cut short, fails with a refusal. */
async function* readLines(file: string): AsyncGenerator<string> {
  if (!existsSync(file)) throw new BackupRefusal(`${file}: no such file. Nothing was restored.`);
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  let count = 0;
  try {
    for await (const line of createInterface({ input: gunzip, crlfDelay: Number.POSITIVE_INFINITY })) {
      count++;
      yield line;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (count === 0 && code === 'Z_DATA_ERROR') throw notABackup(file, 'it is not a gzip file');
    if (code?.startsWith('Z_'))
      throw damaged(file, `the compressed data is broken: ${(error as Error).message}`);
    throw error;
  } finally {
    input.destroy();
  }
}

type BackupRow = { table: string; rowJson: string };

/**
 * Reads a backup: the header first (refusing a foreign file or a newer format), then every row in file
 * order. Each line is checked as it is read; the trailer's counts must match the rows seen.
 */
export async function* readBackup(file: string): AsyncGenerator<BackupHeader | BackupRow> {
  let header: BackupHeader | undefined;
  const seen: Record<string, number> = {};
  let ended = false;
  let lineNumber = 0;
  for await (const line of readLines(file)) {
    lineNumber++;
    if (ended) throw damaged(file, `text after the end, at line ${lineNumber}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      if (!header) throw notABackup(file, 'its first line is not a backup header');
      throw damaged(file, `line ${lineNumber} is not valid JSON`);
    }
    if (!header) {
      const format = (parsed as { format?: unknown })?.format;
      const version = (parsed as { formatVersion?: unknown })?.formatVersion;
      if (format !== BACKUP_FORMAT) throw notABackup(file, 'its first line is not a backup header');
      if (typeof version === 'number' && version > BACKUP_FORMAT_VERSION) {
        throw new BackupRefusal(
          `${file} was written by a newer version of the app (backup format ${version}; this version reads ` +
            `format ${BACKUP_FORMAT_VERSION}). Upgrade the app, then restore. Nothing was restored.`,
        );
      }
      const checked = BackupHeaderSchema.safeParse(parsed);
      if (!checked.success) throw damaged(file, 'its header is incomplete');
      header = checked.data;
      for (const table of header.tables) seen[table.name] = 0;
      yield header;
      continue;
    }
    const record = parsed as { t?: unknown; r?: unknown; end?: unknown };
    if (record.end === true) {
      const trailer = TrailerSchema.safeParse(parsed);
      if (!trailer.success) throw damaged(file, 'its last line is incomplete');
      for (const [table, count] of Object.entries(seen)) {
        if (trailer.data.rows[table] !== count) {
          throw damaged(
            file,
            `${table}: ${count} rows where the backup recorded ${trailer.data.rows[table]}`,
          );
        }
      }
      ended = true;
      continue;
    }
    if (typeof record.t !== 'string' || !(record.t in seen) || typeof record.r !== 'object' || !record.r) {
      throw damaged(file, `line ${lineNumber} is not a row of a table the header names`);
    }
    seen[record.t]!++;
    // The row's text exactly as written: after `{"t":"<table>","r":` up to the closing brace.
    const prefix = `{"t":${JSON.stringify(record.t)},"r":`;
    if (!line.startsWith(prefix)) throw damaged(file, `line ${lineNumber} is not laid out as a row`);
    yield { table: record.t, rowJson: line.slice(prefix.length, -1) };
  }
  if (!header) throw notABackup(file, 'it is empty');
  if (!ended) throw damaged(file, 'it ends before its last line; was the backup interrupted?');
}

/** Reads the whole file once: its header and row counts, or the refusal that says what is wrong. */
export async function inspectBackup(
  file: string,
): Promise<{ header: BackupHeader; rows: Record<string, number> }> {
  let header: BackupHeader | undefined;
  const rows: Record<string, number> = {};
  for await (const item of readBackup(file)) {
    if ('format' in item) {
      header = item;
      for (const table of item.tables) rows[table.name] = 0;
    } else {
      rows[item.table]!++;
    }
  }
  return { header: header!, rows };
}
