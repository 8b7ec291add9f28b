/** The synchronous line channel to a child process, with `cat` and the shell as children. */
import { describe, expect, it } from 'vitest';
import { ProcessChannel, ProcessEnded } from './process-channel.js';

describe('a process channel', () => {
  it('returns the line the child answers, each in turn, UTF-8 kept', () => {
    const channel = new ProcessChannel('cat');
    for (const line of ['{"type":"hello"}', 'nœud à 12,5 s', '']) expect(channel.ask(line)).toBe(line);
  });

  it('carries a line longer than its shared buffer both ways, in pieces', () => {
    const channel = new ProcessChannel('cat');
    const long = 'é'.repeat(1_500_000) + 'x'.repeat(700_000);
    expect(channel.ask(long)).toBe(long);
    expect(channel.ask('after')).toBe('after');
  });

  it('says how the child ended when it ends without answering', () => {
    const channel = new ProcessChannel('read line; exit 4');
    const error = (() => {
      try {
        channel.ask('one');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ProcessEnded);
    expect((error as ProcessEnded).why).toBe('exited with code 4');
    expect(() => channel.ask('two')).toThrow('the process exited with code 4');
  });
  it('gives up on a child that stops answering, and ends it', () => {
    // exec: the shell becomes the sleeping command, which the kill then ends (a shell's own children it would not).
    const channel = new ProcessChannel('exec sleep 30', 0.3);
    const started = Date.now();
    expect(() => channel.ask('one')).toThrow('the process gave no answer in 0.3 s, and was ended');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(() => channel.ask('two')).toThrow('the process gave no answer in 0.3 s, and was ended');
  });
});
