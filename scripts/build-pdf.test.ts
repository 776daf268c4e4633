import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildPdf, DOWNLOADS, parseMarkdown, reportTemplate, SOURCE } from './build-pdf.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = readFileSync(SOURCE, 'utf8');
const template = reportTemplate(source);

describe("activity 4's downloads, built from one source", () => {
  it.each(DOWNLOADS.map((download) => [download.file, download] as const))(
    '%s is what the source builds today',
    async (file, download) => {
      const { bytes } = await buildPdf(download.markdown(source), download.meta);
      // Not equal: run `npx tsx scripts/build-pdf.ts` after editing content/sources.
      expect(bytes.equals(readFileSync(path.join(root, file)))).toBe(true);
    },
  );

  it("labels the worked example's report as the worked example", () => {
    expect(source.split('\n')[0]).toBe("# Worked example: Children's STEM Toys Market Analysis");
    expect(DOWNLOADS[0].meta.title).toMatch(/^Worked example: /);
  });

  it('gives the template every section of the report, in order, each with what it holds, on one page', async () => {
    const sections = source.split('\n').filter((line) => line.startsWith('## '));
    const rows = template.split('\n').filter((line) => /^\| \d+\. /.test(line));
    expect(rows.map((row) => `## ${row.split(' | ')[0]!.slice(2)}`)).toEqual(sections);
    expect(sections.length).toBeGreaterThan(8);
    for (const row of rows) expect(row.split(' | ')[1]!.length, row).toBeGreaterThan(30);
    const { pages } = await buildPdf(template, DOWNLOADS[1].meta);
    expect(pages).toBe(1);
  });

  it('writes the template for any market: the worked example appears only where its introduction names it', () => {
    const rows = template.split('\n').filter((line) => line.startsWith('| '));
    expect(rows.join('\n')).not.toMatch(/\b(STEM|toys?|children|BrightSpark|parents?|gift)\b/i);
    expect(template).toMatch(
      /^# Market report template\n\nThe headings of the worked example's market report/,
    );
  });

  it('refuses a report section without its template line, and prints no template line in the report', () => {
    expect(() => reportTemplate('# Report\n<!-- template: Intro. -->\n\n## 1. Size\n\nText.\n')).toThrow(
      '"## 1. Size" has no <!-- template: ... --> line under it',
    );
    expect(
      parseMarkdown('## 1. Size\n<!-- template: The size. -->\nText that\n<!-- template: x -->\n'),
    ).toEqual([
      { kind: 'heading', level: 2, text: '1. Size' },
      { kind: 'paragraph', text: 'Text that' },
    ]);
    expect(
      reportTemplate('# Report\n<!-- template: Intro. -->\n\n## 1. Size\n<!-- template: The size. -->\n'),
    ).toBe(
      '# Market report template\n\nIntro.\n\n| Section | What it holds |\n|---|---|\n| 1. Size | The size. |\n',
    );
  });
});
