/**
 * What users read names the papers (by authors or title), never the numbers
 * our own notes give them ("seed 000") or the sections of our readings of
 * them ("spec 1.8"), which a user cannot look up.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliSession } from '../test-support/cli-session.js';
import { main } from './program.js';

const INTERNAL = /\bseeds? 0\d\d\b|\bseed-0\d\d\b|\bspecs? \d+\.\d+|\bspec §/;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function filesEndingIn(dir: string, ending: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesEndingIn(path, ending);
    return entry.name.endsWith(ending) ? [path] : [];
  });
}

const cli = cliSession();

describe('user-facing text', () => {
  it('in the README, the docs and the examples names papers, not our notes’ numbers', () => {
    for (const file of [join(ROOT, 'README.md'), ...filesEndingIn(join(ROOT, 'docs'), '.md'), ...filesEndingIn(join(ROOT, 'examples'), '.yaml')]) {
      const lines = readFileSync(file, 'utf8').split('\n');
      expect(lines.filter((line) => INTERNAL.test(line)).map((line) => `${file}: ${line}`)).toEqual([]);
    }
  });

  it('in every command’s help, the scheduler list and the experiments list names papers too', async () => {
    const commands = [
      [], ['simulate'], ['compare'], ['sweep'], ['reproduce'], ['import'], ['generate'], ['generate', 'loadgen'], ['generate', 'dmrs'], ['generate', 'hta'],
      ['plan'], ['plan', 'makespan'], ['plan', 'assign'], ['plan', 'dmrs'], ['plan', 'reduce-thresholds'], ['plan', 'classes'],
      ['topology'], ['experiment'], ['experiment', 'reduce-placement'], ['validate'], ['schedulers'], ['serve'], ['replay-check'],
    ];
    for (const command of commands) expect(await main([...command, '--help'])).toBe(0);
    expect(await main(['schedulers'])).toBe(0);
    expect(await main(['reproduce', '--list'])).toBe(0);
    expect(cli.out).toContain('Usage: mrsched plan makespan');
    expect(cli.out.split('\n').filter((line) => INTERNAL.test(line))).toEqual([]);
  });
});
