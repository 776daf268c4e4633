import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { PHASE_NUMBERS } from '../../shared/phases.ts';
import { plainText } from '../../shared/plain-text.ts';
import { progressShare } from '../../shared/progress.ts';
import { STANDARD_PROGRAMME_NAME } from '../../shared/schemas/programmes.ts';
import type { Database } from '../db/client.ts';
import type { ProgrammesRun } from '../programmes/library.ts';
import { type ExportRow, exportRows } from './queries.ts';

const COLUMNS = [
  'Team Code',
  'Team Name',
  'Cohort Tag',
  'Cohort Name',
  'Current Activity',
  'Progress %',
  'Activities With Data',
  'Website',
  'Created',
  'Last Activity',
  'Company Name',
  'Concept Name',
  'Answered Fields',
  ...PHASE_NUMBERS.map((n) => `Activity ${n} Answered Fields`),
  'Instructor Feedback',
  'Programme',
];

/** The programme a row's team runs, as the export names it: "Standard programme", "Clinics (version 3)". */
function programmeOf(row: ExportRow, run: ProgrammesRun): { name: string; switchedOff: readonly number[] } {
  const used = row.programmeId ? run.byId.get(row.programmeId) : undefined;
  if (!used) return { name: STANDARD_PROGRAMME_NAME, switchedOff: [] };
  return { name: `${used.name} (version ${used.version})`, switchedOff: used.content.switchedOff };
}

function toRecord(row: ExportRow, run: ProgrammesRun): (string | number)[] {
  const { team } = row;
  const programme = programmeOf(row, run);
  const answered = PHASE_NUMBERS.map((n) => row.answeredByPhase[String(n)] ?? 0);
  return [
    team.code,
    team.name,
    team.cohortTag ?? '',
    row.cohortName ?? '',
    team.currentPhase,
    Math.round(progressShare(team, programme.switchedOff) * 100),
    row.phasesWithData.join(' '),
    team.submittedWebsiteUrl ?? '',
    team.createdAt.toISOString(),
    row.lastActivity.toISOString(),
    row.companyName ?? '',
    row.conceptName ?? '',
    answered.reduce((sum, n) => sum + n, 0),
    ...answered,
    row.feedback ?? '',
    programme.name,
  ];
}

/** What a spreadsheet may take for the start of a formula (OWASP's list). */
const FORMULA_AT_START = /^\s*[=+\-@]|^[\t\r]/;
/** A formula start after a character a spreadsheet may split a cell on (its import dialog offers them all). */
const FORMULA_AFTER_SEPARATOR = /([;,\t\r\n|]\s*)([=+\-@])/g;
const SEPARATOR = /[;,\t\r\n|]/;

/**
 * A text cell a spreadsheet will not run: a `'` before a formula start at the beginning of the cell and
 * after every separator a spreadsheet may split on (`;`, `,`, tab, a line break, `|`). A cell holding a
 * separator is quoted, so a spreadsheet splitting on that separator keeps it whole. Team names, company and
 * concept names are typed by participants.
 */
export function neutraliseFormulas(text: string): { value: string; quoted: boolean } {
  let value = text.replace(FORMULA_AFTER_SEPARATOR, "$1'$2");
  if (FORMULA_AT_START.test(value)) value = `'${value}`;
  return { value, quoted: value !== text && SEPARATOR.test(value) };
}

/**
 * The team progress CSV as a stream: a UTF-8 BOM (so Excel reads non-ASCII names), a header row, one row
 * per team; RFC 4180 quoting with CRLF records, and every text cell as plain text (src/shared/plain-text.ts)
 * through `neutraliseFormulas`, so a spreadsheet never runs what a team or an instructor typed (a programme's
 * name). Progress counts the activities of the programme each team runs (`run`).
 */
export function teamProgressCsv(
  db: Database,
  run: ProgrammesRun,
  onError?: (error: Error) => void,
): Readable {
  const stringifier = stringify({
    header: true,
    columns: COLUMNS,
    bom: true,
    record_delimiter: 'windows',
    // With an explicit record delimiter the library would leave a lone \n or \r unquoted; RFC 4180 quotes it.
    quote_record_delimiter: true,
    cast: {
      string: (text) => {
        // Control and direction-changing characters go first (a row kept from before the schemas removed
        // them): an ESC or a BEL reaches whatever opens the file, an override reverses a cell's text.
        const { value, quoted } = neutraliseFormulas(plainText(text, { multiline: true }));
        return quoted ? { value, quoted: true } : value;
      },
    },
  });
  async function* records() {
    for await (const row of exportRows(db)) yield toRecord(row, run);
  }
  return pipeline(Readable.from(records()), stringifier, (error) => {
    // A failure mid-stream (database gone) ends the download early; pipeline destroys both streams.
    if (error) onError?.(error);
  });
}
