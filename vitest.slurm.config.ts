import { defineConfig } from 'vitest/config';

// `npm run test:slurm`: deploy/slurm/sweep.sbatch run for real on a single-node
// Slurm started by the test (needs Debian's slurm-wlm and munge, and root).
export default defineConfig({
  test: {
    include: ['deploy/slurm/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
