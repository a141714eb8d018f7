import type { Readable, Writable } from 'node:stream';

/** The part of a terminal's standard input the prompt needs (process.stdin when it is a TTY). */
export interface PasswordInput extends Readable {
  isTTY?: boolean;
  setRawMode?: (mode: boolean) => unknown;
}

/** Thrown when the operator presses Ctrl-C at the prompt. */
export class PromptCancelled extends Error {
  constructor() {
    super('Cancelled.');
  }
}

/**
 * The first-run password (decision 0091): one line of standard input, its line ending not part of it.
 *
 * - Piped (`< password.txt`, or `printf … |`): all of the input is read and its first line kept; nothing
 *   is written.
 * - A terminal: a prompt on `prompt` (standard error), then the keys are read in raw mode so the
 *   terminal does not echo them; nothing of the password is written, not even a mask. Enter ends it,
 *   Backspace removes the last character, Ctrl-C cancels (PromptCancelled), Ctrl-D ends it like Enter.
 *   The terminal's mode is restored however it ends.
 */
export async function readPassword(input: PasswordInput, prompt: Writable): Promise<string> {
  if (input.isTTY && typeof input.setRawMode === 'function') return readFromTerminal(input, prompt);
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

function readFromTerminal(input: PasswordInput, prompt: Writable): Promise<string> {
  // Raw mode first: a key typed as soon as the prompt shows must not meet the terminal's echo (with the
  // prompt first, a fast typist, or a script answering the prompt, was echoed now and then).
  input.setRawMode!(true);
  prompt.write('Password (not shown as you type): ');
  input.setEncoding('utf8');
  let typed = '';
  return new Promise<string>((resolve, reject) => {
    const finish = (error?: Error) => {
      input.removeListener('data', onData);
      input.removeListener('end', onEnd);
      input.setRawMode!(false);
      input.pause();
      prompt.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onEnd = () => finish();
    const onData = (chunk: string | Buffer) => {
      const text = chunk.toString();
      // An escape sequence (arrow keys, function keys) is not part of a password.
      if (text.startsWith('\u001b')) return;
      for (const char of text) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish();
        if (char === '\u0003') return finish(new PromptCancelled());
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
    };
    input.on('data', onData);
    input.once('end', onEnd);
    input.resume();
  });
}
