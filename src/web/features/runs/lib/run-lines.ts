import { type RunLine, RunLineSchema } from '@shared/schemas/runs';

/**
 * Reads a run's streamed answer (one JSON object a line) and hands each valid line to `onLine` as it is
 * complete, whatever the chunks it arrives in; a line that is not one is dropped (and said in the console).
 */
export async function readRunLines(
  text: ReadableStream<string>,
  onLine: (line: RunLine) => void,
): Promise<void> {
  const reader = text.getReader();
  let buffer = '';
  const take = (raw: string) => {
    if (raw.trim() === '') return;
    try {
      const line = RunLineSchema.safeParse(JSON.parse(raw));
      if (line.success) onLine(line.data);
      else console.warn('run: a line that is not one was dropped');
    } catch {
      console.warn('run: a line that is not JSON was dropped');
    }
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf('\n');
    while (end !== -1) {
      take(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      end = buffer.indexOf('\n');
    }
  }
  take(buffer);
}
