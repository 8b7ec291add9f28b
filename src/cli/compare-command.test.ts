import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliSession } from '../test-support/cli-session.js';
import { main } from './program.js';

const tiny = fileURLToPath(new URL('../../examples/tiny.yaml', import.meta.url));

const cli = cliSession();

describe('mrsched compare with the flow scheduler', () => {
  it('runs flow beside fair (delay scheduling) and fifo, with locality and job times for each', async () => {
    expect(await main(['compare', tiny, '--schedulers', 'fifo,fair,flow', '--out', join(cli.dir, 'c')])).toBe(0);
    const lines = cli.out.split('\n');
    expect(lines.find((line) => line.startsWith('metric'))).toMatch(/fifo\s+fair\s+flow$/);
    for (const metric of ['Node-local maps', 'Mean completion', 'Makespan']) {
      const row = lines.find((line) => line.startsWith(metric));
      expect(row?.trim().split(/\s{2,}/)).toHaveLength(4);
    }
  });
});
