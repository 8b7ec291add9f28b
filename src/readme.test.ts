/** The README's first library example, run as written (its import of 'mrsched' bound to the public API). */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import * as mrsched from './index.js';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('the README', () => {
  it('has a library example that runs as written, from any working directory', async () => {
    const snippet = README.split('## As a library')[1].match(/```ts\n([\s\S]*?)```/)![1];
    const [, names, body] = snippet.match(/^import \{([^}]*)\} from 'mrsched';\n([\s\S]*)$/)!;
    const printed: unknown[][] = [];
    const console = { log: (...values: unknown[]) => printed.push(values) };
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
    await new AsyncFunction('mrsched', 'console', `const {${names}} = mrsched;\n${body}`)(mrsched, console);
    // One line for the run, then one per scheduler.
    expect(printed.map((line) => line[0])).toEqual([expect.any(Number), 'fifo', 'fair', 'capacity']);
    expect(printed[0][1]).toBeGreaterThan(0);
  });
});
