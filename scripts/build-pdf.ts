// Renders content/sources/stem-toys-market-analysis.md into activity 4's two downloads: the worked example's
// market report, and the one-page market report template for a team's own market (its headings, each with
// what it holds, read from the `<!-- template: ... -->` line under each of the report's sections, so the two
// cannot drift apart). scripts/build-pdf.test.ts checks the committed files are what the source builds.
// Run: npx tsx scripts/build-pdf.ts
//
// The output is reproducible: the same markdown always gives byte-identical PDF bytes. pdfkit derives the
// trailer /ID from an MD5 of the document info dictionary (including CreationDate), so fixing CreationDate
// and ModDate fixes the ID too; the standard Helvetica fonts are not embedded, so there are no font subset
// tags, and streams are left uncompressed so the bytes do not depend on the zlib version.
//
// Supported markdown subset: '#', '##', '###' headings; paragraphs; '- ' bullets; '1. ' numbered items;
// '> ' callouts; pipe tables with a '|---|' separator row; '**bold**' and '*italic*' inline;
// '<!-- pagebreak -->' for an explicit page break; other '<!-- ... -->' lines (the template's) are not printed.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import PDFDocument from 'pdfkit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SOURCE = path.join(root, 'content/sources/stem-toys-market-analysis.md');

/** Fixed so that rebuilding gives identical bytes. Change it when the content changes materially. */
const FIXED_DATE = new Date('2026-11-27T00:00:00.000Z');

/** What a PDF says about itself: its title and subject (document properties), keywords, and the footer. */
type PdfMeta = { title: string; subject: string; keywords: string; footer: string };

/** The two downloads built from the one source, each with its file and how its markdown is made. */
export const DOWNLOADS = [
  {
    file: 'content/downloads/stem-toys-market-analysis.pdf',
    markdown: (source: string) => source,
    meta: {
      title: "Worked example: Children's STEM Toys Market Analysis",
      subject:
        'Workshop resource for Activity 4: Hero Concept Ideation (the worked example; illustrative estimates)',
      keywords: 'STEM toys, market analysis, worked example, workshop, hero concept ideation',
      footer:
        "Applied GenAI Lab | Worked example: Children's STEM Toys Market Analysis | Illustrative estimates",
    },
  },
  {
    file: 'content/downloads/market-report-template.pdf',
    markdown: (source: string) => reportTemplate(source),
    meta: {
      title: 'Market report template',
      subject:
        "Workshop resource for Activity 4: the worked example's market report as headings for any market",
      keywords: 'market report, template, workshop, hero concept ideation',
      footer: "Applied GenAI Lab | Market report template | The headings of the worked example's report",
    },
  },
] as const satisfies readonly { file: string; markdown: (source: string) => string; meta: PdfMeta }[];

const TEMPLATE_LINE = /^<!-- template: (.+) -->$/;

/**
 * The market report template, as markdown: the report's introduction line and a table of its sections (its
 * '## ' headings), each with what it holds, from the `<!-- template: ... -->` line right under the title and
 * under each section's heading. A section without one is an error: the template would silently lose it.
 */
export function reportTemplate(source: string): string {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const holds = (i: number) => {
    const text = TEMPLATE_LINE.exec(lines[i + 1] ?? '')?.[1]?.trim();
    if (!text) throw new Error(`"${lines[i]}" has no <!-- template: ... --> line under it`);
    return text;
  };
  const title = lines.findIndex((line) => line.startsWith('# '));
  if (title < 0) throw new Error('the report has no title');
  const rows = lines.flatMap((line, i) =>
    line.startsWith('## ') ? [`| ${line.slice(3)} | ${holds(i)} |`] : [],
  );
  return [
    '# Market report template',
    '',
    holds(title),
    '',
    '| Section | What it holds |',
    '|---|---|',
    ...rows,
    '',
  ].join('\n');
}

const COLOR = {
  text: '#1f2933',
  muted: '#52606d',
  heading: '#12355b',
  accent: '#f5a623',
  calloutFill: '#fff6e5',
  tableHead: '#12355b',
  tableStripe: '#f2f5f8',
  rule: '#cbd2d9',
};

const FONT = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  boldItalic: 'Helvetica-BoldOblique',
};

const SIZE = { body: 10, h1: 22, h2: 15, h3: 11.5, table: 8.5, footer: 7.5 };
const MARGIN = { top: 56, bottom: 64, left: 56, right: 56 };

// ---------------------------------------------------------------------------------------------------------
// Markdown parsing

type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'numbered'; items: { number: string; text: string }[] }
  | { kind: 'callout'; text: string }
  | { kind: 'table'; header: string[]; rows: string[][] }
  | { kind: 'pagebreak' };

function splitRow(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  const isBlank = (line: string | undefined) => line === undefined || line.trim() === '';
  const startsBlock = (line: string) => /^(#{1,3} |- |\d+\. |> |\||<!--)/.test(line);

  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (isBlank(line)) {
      i++;
      continue;
    }
    if (line.trim() === '<!-- pagebreak -->') {
      blocks.push({ kind: 'pagebreak' });
      i++;
      continue;
    }
    if (/^<!--.*-->$/.test(line.trim())) {
      i++;
      continue;
    }
    const heading = /^(#{1,3}) (.*)$/.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2 | 3, text: heading[2]!.trim() });
      i++;
      continue;
    }
    if (line.startsWith('|')) {
      const header = splitRow(line);
      i++;
      if (/^\|?\s*:?-{3,}/.test(lines[i] ?? '')) i++;
      const rows: string[][] = [];
      while (i < lines.length && (lines[i] ?? '').startsWith('|')) {
        rows.push(splitRow(lines[i]!));
        i++;
      }
      blocks.push({ kind: 'table', header, rows });
      continue;
    }
    if (line.startsWith('- ')) {
      const items: string[] = [];
      while (i < lines.length && (lines[i] ?? '').startsWith('- ')) {
        let text = lines[i]!.slice(2).trim();
        i++;
        while (!isBlank(lines[i]) && !startsBlock(lines[i]!)) text += ` ${lines[i++]!.trim()}`;
        items.push(text);
      }
      blocks.push({ kind: 'bullets', items });
      continue;
    }
    if (/^\d+\. /.test(line)) {
      const items: { number: string; text: string }[] = [];
      for (;;) {
        const match = /^(\d+)\. (.*)$/.exec(lines[i] ?? '');
        if (!match) break;
        let text = match[2]!.trim();
        i++;
        while (!isBlank(lines[i]) && !startsBlock(lines[i]!)) text += ` ${lines[i++]!.trim()}`;
        items.push({ number: match[1]!, text });
      }
      blocks.push({ kind: 'numbered', items });
      continue;
    }
    if (line.startsWith('> ')) {
      const parts: string[] = [];
      while (i < lines.length && (lines[i] ?? '').startsWith('>'))
        parts.push(lines[i++]!.replace(/^>\s?/, ''));
      blocks.push({ kind: 'callout', text: parts.join(' ').trim() });
      continue;
    }
    const parts: string[] = [];
    while (i < lines.length && !isBlank(lines[i]) && !startsBlock(lines[i]!)) parts.push(lines[i++]!.trim());
    blocks.push({ kind: 'paragraph', text: parts.join(' ') });
  }
  return blocks;
}

type Run = { text: string; bold: boolean; italic: boolean };

/** Splits '**bold**' and '*italic*' markers into styled runs. */
function parseInline(text: string): Run[] {
  const runs: Run[] = [];
  const pattern = /(\*\*[^*]+\*\*|\*[^*\s][^*]*\*)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), bold: false, italic: false });
    const token = match[0];
    if (token.startsWith('**')) runs.push({ text: token.slice(2, -2), bold: true, italic: false });
    else runs.push({ text: token.slice(1, -1), bold: false, italic: true });
    last = match.index + token.length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), bold: false, italic: false });
  return runs.filter((run) => run.text.length > 0);
}

const plain = (text: string) =>
  parseInline(text)
    .map((run) => run.text)
    .join('');

function fontFor(run: { bold: boolean; italic: boolean }): string {
  if (run.bold && run.italic) return FONT.boldItalic;
  if (run.bold) return FONT.bold;
  if (run.italic) return FONT.italic;
  return FONT.regular;
}

// ---------------------------------------------------------------------------------------------------------
// Rendering

type Doc = PDFKit.PDFDocument;

function contentWidth(doc: Doc): number {
  return doc.page.width - MARGIN.left - MARGIN.right;
}

function bottomLimit(doc: Doc): number {
  return doc.page.height - MARGIN.bottom;
}

/** Starts a new page unless `needed` points still fit on the current one. */
function ensureSpace(doc: Doc, needed: number): void {
  if (doc.y + needed > bottomLimit(doc)) doc.addPage();
}

/** Writes styled runs as one flowing paragraph at x with the given width. */
function writeRuns(doc: Doc, runs: Run[], x: number, width: number, size: number, color: string): void {
  doc.fillColor(color).fontSize(size);
  runs.forEach((run, index) => {
    const options = { width, lineGap: 2.2, continued: index < runs.length - 1 };
    doc.font(fontFor(run));
    if (index === 0) doc.text(run.text, x, doc.y, options);
    else doc.text(run.text, options);
  });
}

function measure(doc: Doc, text: string, width: number, size: number, font: string): number {
  return doc.font(font).fontSize(size).heightOfString(text, { width, lineGap: 2.2 });
}

function renderHeading(doc: Doc, level: 1 | 2 | 3, text: string, isFirstBlockOnPage: boolean): void {
  const x = MARGIN.left;
  const width = contentWidth(doc);
  if (level === 1) {
    doc.rect(0, 0, doc.page.width, 8).fill(COLOR.accent);
    doc.font(FONT.bold).fontSize(SIZE.h1).fillColor(COLOR.heading).text(text, x, doc.y, { width });
    doc.moveDown(0.4);
    return;
  }
  const size = level === 2 ? SIZE.h2 : SIZE.h3;
  const spaceBefore = isFirstBlockOnPage ? 0 : level === 2 ? 14 : 8;
  // Keep the heading with at least a few lines of what follows.
  ensureSpace(doc, spaceBefore + measure(doc, text, width, size, FONT.bold) + 60);
  if (doc.y > MARGIN.top) doc.y += spaceBefore;
  doc.font(FONT.bold).fontSize(size).fillColor(COLOR.heading).text(text, x, doc.y, { width });
  if (level === 2) {
    const y = doc.y + 2;
    doc
      .moveTo(x, y)
      .lineTo(x + 48, y)
      .lineWidth(2)
      .strokeColor(COLOR.accent)
      .stroke();
    doc.y = y + 7;
  } else {
    doc.y += 3;
  }
}

function renderParagraph(doc: Doc, text: string): void {
  const width = contentWidth(doc);
  ensureSpace(doc, 30);
  writeRuns(doc, parseInline(text), MARGIN.left, width, SIZE.body, COLOR.text);
  doc.y += 6;
}

function renderList(doc: Doc, items: { marker: string; text: string }[]): void {
  const indent = 16;
  const x = MARGIN.left;
  const width = contentWidth(doc) - indent;
  for (const item of items) {
    ensureSpace(doc, 26);
    const y = doc.y;
    doc
      .font(FONT.bold)
      .fontSize(SIZE.body)
      .fillColor(COLOR.accent)
      .text(item.marker, x, y, { width: indent });
    doc.y = y;
    writeRuns(doc, parseInline(item.text), x + indent, width, SIZE.body, COLOR.text);
    doc.y += 3;
  }
  doc.y += 4;
}

function renderCallout(doc: Doc, text: string): void {
  const pad = 10;
  const x = MARGIN.left;
  const width = contentWidth(doc);
  // Measured in bold, the widest face used, so the box is never too small for the text.
  const height = measure(doc, plain(text), width - 2 * pad - 4, SIZE.body, FONT.bold) + 2 * pad;
  ensureSpace(doc, height + 8);
  const top = doc.y + 2;
  doc.rect(x, top, width, height).fill(COLOR.calloutFill);
  doc.rect(x, top, 4, height).fill(COLOR.accent);
  doc.y = top + pad;
  writeRuns(doc, parseInline(text), x + pad + 4, width - 2 * pad - 4, SIZE.body, COLOR.text);
  doc.y = top + height + 10;
}

function columnWidths(doc: Doc, header: string[], rows: string[][], total: number, pad: number): number[] {
  const count = header.length;
  const natural: number[] = [];
  const minimum: number[] = [];
  for (let c = 0; c < count; c++) {
    const cells = [header[c] ?? '', ...rows.map((row) => row[c] ?? '')].map(plain);
    doc.font(FONT.bold).fontSize(SIZE.table);
    natural[c] = Math.max(...cells.map((cell) => doc.widthOfString(cell))) + 2 * pad;
    minimum[c] =
      Math.max(...cells.flatMap((cell) => cell.split(/\s+/)).map((w) => doc.widthOfString(w))) + 2 * pad;
  }
  const naturalSum = natural.reduce((a, b) => a + b, 0);
  if (naturalSum <= total) return natural.map((w) => (w / naturalSum) * total);
  const minimumSum = minimum.reduce((a, b) => a + b, 0);
  const spare = Math.max(0, total - minimumSum);
  const growth = natural.map((w, c) => w - minimum[c]!);
  const growthSum = growth.reduce((a, b) => a + b, 0) || 1;
  return minimum.map((w, c) => w + (growth[c]! / growthSum) * spare);
}

function renderTable(doc: Doc, header: string[], rows: string[][]): void {
  const pad = 4;
  const x = MARGIN.left;
  const widths = columnWidths(doc, header, rows, contentWidth(doc), pad);
  const isBoldCell = (cell: string, isHead: boolean) => isHead || /^\*\*.*\*\*$/.test(cell);
  const rowHeight = (cells: string[], isHead: boolean) =>
    Math.max(
      ...cells.map((cell, c) =>
        doc
          .font(isBoldCell(cell, isHead) ? FONT.bold : FONT.regular)
          .fontSize(SIZE.table)
          .heightOfString(plain(cell), { width: widths[c]! - 2 * pad, lineGap: 1 }),
      ),
    ) +
    2 * pad;

  const drawRow = (cells: string[], kind: 'head' | 'body', stripe: boolean) => {
    const isHead = kind === 'head';
    const height = rowHeight(cells, isHead);
    const top = doc.y;
    const width = widths.reduce((a, b) => a + b, 0);
    if (isHead) doc.rect(x, top, width, height).fill(COLOR.tableHead);
    else if (stripe) doc.rect(x, top, width, height).fill(COLOR.tableStripe);
    let cx = x;
    cells.forEach((cell, c) => {
      doc
        .font(isBoldCell(cell, isHead) ? FONT.bold : FONT.regular)
        .fontSize(SIZE.table)
        .fillColor(isHead ? '#ffffff' : COLOR.text)
        .text(plain(cell), cx + pad, top + pad, { width: widths[c]! - 2 * pad, lineGap: 1 });
      cx += widths[c]!;
    });
    doc
      .moveTo(x, top + height)
      .lineTo(x + width, top + height)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.y = top + height;
  };

  // Keep a table on one page when it fits on one; otherwise split it, repeating the header row.
  const tableHeight = [header, ...rows].reduce((sum, row, index) => sum + rowHeight(row, index === 0), 0);
  const pageRoom = bottomLimit(doc) - MARGIN.top;
  if (tableHeight + 4 <= pageRoom) ensureSpace(doc, tableHeight + 4);
  else ensureSpace(doc, rowHeight(header, true) + rowHeight(rows[0] ?? header, false) + 4);
  doc.y += 2;
  drawRow(header, 'head', false);
  rows.forEach((row, index) => {
    if (doc.y + rowHeight(row, false) > bottomLimit(doc)) {
      doc.addPage();
      drawRow(header, 'head', false);
    }
    drawRow(row, 'body', index % 2 === 1);
  });
  doc.x = x;
  doc.y += 10;
}

function renderFooters(doc: Doc, footer: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would trigger an automatic page break; lift the margin meanwhile.
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN.bottom + 24;
    const width = contentWidth(doc);
    doc
      .moveTo(MARGIN.left, y - 6)
      .lineTo(MARGIN.left + width, y - 6)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.font(FONT.regular).fontSize(SIZE.footer).fillColor(COLOR.muted);
    doc.text(footer, MARGIN.left, y, { width: width - 60, lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, MARGIN.left, y, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = savedBottom;
  }
}

/** The PDF of `markdown`, and its page count. */
export function buildPdf(markdown: string, meta: PdfMeta): Promise<{ bytes: Buffer; pages: number }> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: true,
    // Uncompressed content streams do not depend on the zlib build inside Node, so other Node versions
    // produce the same bytes too. The file stays small because the standard fonts are not embedded.
    compress: false,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: meta.title,
      Author: 'Applied GenAI Lab',
      Subject: meta.subject,
      Keywords: meta.keywords,
      Creator: 'Applied GenAI Lab scripts/build-pdf.ts',
      Producer: 'PDFKit',
      CreationDate: FIXED_DATE,
      ModDate: FIXED_DATE,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let pageAtLastBlock = -1;
  for (const block of parseMarkdown(markdown)) {
    const page = doc.bufferedPageRange().count;
    const firstOnPage = page !== pageAtLastBlock && doc.y <= MARGIN.top + 1;
    switch (block.kind) {
      case 'pagebreak':
        if (doc.y > MARGIN.top + 1) doc.addPage();
        break;
      case 'heading':
        renderHeading(doc, block.level, block.text, firstOnPage);
        break;
      case 'paragraph':
        renderParagraph(doc, block.text);
        break;
      case 'bullets':
        renderList(
          doc,
          block.items.map((text) => ({ marker: '\u2022', text })),
        );
        break;
      case 'numbered':
        renderList(
          doc,
          block.items.map((item) => ({ marker: `${item.number}.`, text: item.text })),
        );
        break;
      case 'callout':
        renderCallout(doc, block.text);
        break;
      case 'table':
        renderTable(doc, block.header, block.rows);
        break;
    }
    pageAtLastBlock = page;
  }

  renderFooters(doc, meta.footer);
  const pages = doc.bufferedPageRange().count;
  doc.end();
  return done.then((bytes) => ({ bytes, pages }));
}

async function main(): Promise<void> {
  const source = readFileSync(SOURCE, 'utf8');
  for (const download of DOWNLOADS) {
    const { bytes, pages } = await buildPdf(download.markdown(source), download.meta);
    writeFileSync(path.join(root, download.file), bytes);
    console.log(`wrote ${download.file} (${pages} page${pages === 1 ? '' : 's'})`);
  }
}

// Run as a script, not when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
