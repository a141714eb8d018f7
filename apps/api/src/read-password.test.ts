import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { PromptCancelled, readPassword, type PasswordInput } from './read-password.ts';

/* The first-run password prompt (decision 0091): hidden on a terminal, one line when piped. */
function terminal() {
  const input = new PassThrough() as PassThrough & PasswordInput;
  input.isTTY = true;
  const modes: boolean[] = [];
  input.setRawMode = vi.fn((mode: boolean) => modes.push(mode));
  let shown = '';
  const screen = new Writable({ write: (chunk: Buffer, _enc, done) => ((shown += chunk.toString()), done()) });
  return { input, modes, screen, shown: () => shown };
}

describe('readPassword', () => {
  it('on a terminal reads in raw mode, writes nothing of what is typed, honours Backspace and restores the mode', async () => {
    const t = terminal();
    const read = readPassword(t.input, t.screen);
    t.input.write('se');
    t.input.write('cret\u007f\u007fet');
    t.input.write('\u001b[D'); // an arrow key is ignored
    t.input.write('\r');
    await expect(read).resolves.toBe('secret');
    expect(t.shown()).toBe('Password (not shown as you type): \n');
    expect(t.modes).toEqual([true, false]);
  });

  it('on a terminal, Ctrl-C cancels and the mode is restored', async () => {
    const t = terminal();
    const read = readPassword(t.input, t.screen);
    t.input.write('abc\u0003');
    await expect(read).rejects.toBeInstanceOf(PromptCancelled);
    expect(t.modes).toEqual([true, false]);
    expect(t.shown()).not.toContain('abc');
  });

  it('piped: the first line of all the input, without its line ending, and no prompt', async () => {
    const piped = new PassThrough();
    const screen = new PassThrough();
    const read = readPassword(piped, screen);
    piped.end('pass-from-file-1\r\nsecond line\n');
    await expect(read).resolves.toBe('pass-from-file-1');
    expect(screen.read()).toBeNull();
  });
});
