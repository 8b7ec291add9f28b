/**
 * The Dockerfile's last stage, its steps taken without Docker (the machine
 * running the tests may have none): the command runs as the image's USER
 * from its WORKDIR, a directory root owns unless a RUN step gives it to that
 * user, and writes --out there as the Dockerfile's header shows.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCli, type BuiltCli } from './test-support/built-cli.js';

const dockerfile = readFileSync(fileURLToPath(new URL('../Dockerfile', import.meta.url)), 'utf8');
const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

/** Taking another user's identity needs root and setpriv. */
const canSwitchUser = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;
/** An unprivileged user standing for the image's. */
const NOBODY = 65534;

let cli: BuiltCli | undefined;
afterAll(() => cli?.remove());

describe('the image', () => {
  it.skipIf(!canSwitchUser)('lets its user write --out under its working directory, as the header documents', () => {
    const workdir = /^WORKDIR (\S+)$/m.exec(finalStage)?.[1];
    const user = /^USER (\S+)$/m.exec(finalStage)?.[1];
    expect(workdir).toBeDefined();
    expect(user).toBeDefined();
    expect(dockerfile).toMatch(/--out out\/tiny/);
    // The build stands for the image's WORKDIR: dist/, examples/ and node_modules/ side by side, owned by root.
    cli = buildCli();
    const app = dirname(dirname(dirname(cli.main)));
    chmodSync(app, 0o755);
    const givenToUser = new RegExp(`^RUN .*\\bchown ${user}(:\\S+)? ${workdir}\\s*$`, 'm').test(finalStage);
    if (givenToUser) chownSync(app, NOBODY, NOBODY);
    const run = spawnSync(
      'setpriv',
      [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', process.execPath, cli.main, 'compare', 'examples/tiny.yaml', '--schedulers', 'fifo', '--out', 'out/tiny', '--quiet'],
      { cwd: app, encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(existsSync(join(app, 'out', 'tiny', 'report.html'))).toBe(true);
  }, 180_000);
});
