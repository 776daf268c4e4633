import type { RunLine } from '@shared/schemas/runs';
import { describe, expect, it, vi } from 'vitest';
import { readRunLines } from './run-lines';

const run = {
  id: 'r1',
  teamId: 't1',
  phaseNumber: 2,
  prompt: 'p',
  answer: '',
  model: 'm',
  status: 'running' as const,
  error: null,
  promptTokens: 0,
  completionTokens: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  finishedAt: null,
};

function streamOf(chunks: string[]): ReadableStream<string> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function read(chunks: string[]): Promise<RunLine[]> {
  const lines: RunLine[] = [];
  await readRunLines(streamOf(chunks), (line) => lines.push(line));
  return lines;
}

describe('readRunLines', () => {
  it('hands on each line once it is whole, whatever the chunks it arrives in', async () => {
    const text = `${JSON.stringify({ type: 'start', run })}\n${JSON.stringify({ type: 'delta', text: 'Hé 🙂' })}\n`;
    const cut = [text.slice(0, 7), text.slice(7, 150), text.slice(150)];
    expect(await read(cut)).toEqual([
      { type: 'start', run },
      { type: 'delta', text: 'Hé 🙂' },
    ]);
  });

  it('reads a last line that has no line end', async () => {
    expect(await read([JSON.stringify({ type: 'delta', text: 'end' })])).toEqual([
      { type: 'delta', text: 'end' },
    ]);
  });

  it('drops a line that is not JSON or not a line of a run, and goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const lines = await read(['{not json\n', '{"type":"other"}\n', '\n', '{"type":"delta","text":"ok"}\n']);
    expect(lines).toEqual([{ type: 'delta', text: 'ok' }]);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
