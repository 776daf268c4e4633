import { describe, expect, it } from 'vitest';
import { type ProblemPath, parsePathText, pathText } from './problem-path.ts';

describe("a programme problem's path", () => {
  it.each<[ProblemPath, string]>([
    [['fields', 3, 'options', 1, 'value'], 'fields[3].options[1].value'],
    [['needs', 0, 'anyOf', 1], 'needs[0].anyOf[1]'],
    [['promptTemplate'], 'promptTemplate'],
    [[], ''],
  ])('%j is written %s and read back as it was', (path, text) => {
    expect(pathText(path)).toBe(text);
    expect(parsePathText(text)).toEqual(path);
  });

  it('writes the schema’s symbol keys by name', () => {
    expect(pathText(['fields', Symbol('extra')])).toBe('fields.Symbol(extra)');
  });
});
