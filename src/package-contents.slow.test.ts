/**
 * What `npm pack` puts in the package: the code, its sources, the docs and
 * examples a user reads, and not the screenshots (2.4 MB of PNG that only
 * the repository's README shows).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

interface PackEntry {
  readonly path: string;
  readonly size: number;
}

describe('the npm package', () => {
  it('holds the docs and examples but no screenshots, and no tests', () => {
    // --ignore-scripts: list what is there without building again (prepack).
    const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' });
    expect(pack.status, pack.stderr).toBe(0);
    const files = (JSON.parse(pack.stdout) as { files: PackEntry[] }[])[0].files.map((file) => file.path);
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/security.md', 'examples/default.yaml', 'src/cli/main.ts']));
    expect(files.filter((path) => /\.(png|jpe?g|gif|webp)$/i.test(path))).toEqual([]);
    expect(files.filter((path) => /\.test\.ts$|\/test-support\//.test(path))).toEqual([]);
  }, 60_000);
});
