import { describe, expect, it } from 'vitest';
import { neutraliseFormulas } from './progress-csv.ts';

describe('neutraliseFormulas', () => {
  it('leaves ordinary text alone', () => {
    for (const text of ['Solar Squad', 'Jean-Luc & Co', 'A, B and C', 'x@y.example', '3 - 2', '', 'Q7ZX']) {
      expect(neutraliseFormulas(text), text).toEqual({ value: text, quoted: false });
    }
  });

  it('puts a quote mark before a formula at the start of a cell', () => {
    expect(neutraliseFormulas('=1+2').value).toBe("'=1+2");
    expect(neutraliseFormulas('+cmd').value).toBe("'+cmd");
    expect(neutraliseFormulas('-2+3').value).toBe("'-2+3");
    expect(neutraliseFormulas('@SUM(A1)').value).toBe("'@SUM(A1)");
    expect(neutraliseFormulas('  =1+2').value).toBe("'  =1+2");
    expect(neutraliseFormulas('\t=1').value).toBe("'\t'=1");
    expect(neutraliseFormulas('\rx').value).toBe("'\rx");
  });

  it('neutralises a formula after every separator a spreadsheet may split on, and quotes the cell', () => {
    expect(neutraliseFormulas('Team;=HYPERLINK("http://evil")')).toEqual({
      value: 'Team;\'=HYPERLINK("http://evil")',
      quoted: true,
    });
    expect(neutraliseFormulas('a\t=1+1')).toEqual({ value: "a\t'=1+1", quoted: true });
    expect(neutraliseFormulas('a, =1+1')).toEqual({ value: "a, '=1+1", quoted: true });
    expect(neutraliseFormulas('a\n@cmd')).toEqual({ value: "a\n'@cmd", quoted: true });
    expect(neutraliseFormulas('a\r\n+1')).toEqual({ value: "a\r\n'+1", quoted: true });
    expect(neutraliseFormulas('a|-1')).toEqual({ value: "a|'-1", quoted: true });
    expect(neutraliseFormulas('=a;=b;c')).toEqual({ value: "'=a;'=b;c", quoted: true });
  });
});
