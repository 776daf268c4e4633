import type { Readable, Writable } from 'node:stream';

/** A terminal: raw mode lets the program read keys without the terminal echoing them. */
type Terminal = Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

const ENTER = new Set(['\r', '\n']);
const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACE = new Set(['\u007f', '\b']);

/**
 * Reads a password without showing it: from a terminal in raw mode (nothing is echoed; Backspace edits,
 * Ctrl-C cancels), or the first line of standard input when it is piped (`... | npm run admin:create`).
 */
export function readPassword(input: Terminal, output: Writable, prompt: string): Promise<string> {
  if (input.isTTY && typeof input.setRawMode === 'function') return readFromTerminal(input, output, prompt);
  return readFirstLine(input);
}

function readFromTerminal(input: Terminal, output: Writable, prompt: string): Promise<string> {
  output.write(prompt);
  input.setRawMode!(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode!(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const key of chunk) {
        if (ENTER.has(key) || key === CTRL_D) return finish();
        if (key === CTRL_C) return finish(new Error('Cancelled.'));
        if (BACKSPACE.has(key)) typed = Array.from(typed).slice(0, -1).join('');
        else if (key >= ' ') typed += key;
      }
    };
    input.on('data', onData);
  });
}

async function readFirstLine(input: Readable): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += chunk.toString();
    if (text.includes('\n')) break;
  }
  return text.split('\n')[0]!.replace(/\r$/, '');
}
