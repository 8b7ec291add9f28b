/**
 * The progress of a command's simulations on stderr, through the meter of
 * progress-meter.ts: jobs done over every run the command makes (a run ends
 * when the next one reports, counted whole then: its unfinished jobs are
 * done with), with the run going on and its simulated time.
 */
import type { SimulationProgress } from '../sim/runtime.js';
import { progressMeter } from './progress-meter.js';
import { writeNotice } from './notices.js';

export interface SimulationsProgress {
  /** Reports of the run labelled `label` (a scheduler, with its replication when there are several). */
  update(label: string, progress: SimulationProgress): void;
  /** Clears the bar. */
  end(): void;
}

export function simulationsProgress(
  runs: number,
  jobsPerRun: number,
  write: (text: string) => void = writeNotice,
  terminal: boolean = process.stderr.isTTY === true,
  now: () => number = Date.now,
): SimulationsProgress {
  const meter = progressMeter({ total: runs * jobsPerRun, unit: 'jobs', write, terminal, now });
  let current = '';
  let finished = 0;
  return {
    update(label, progress) {
      if (label !== current) {
        if (current !== '') finished += jobsPerRun;
        current = label;
      }
      meter.update(finished + Math.min(progress.jobsDone, jobsPerRun), `${label}, simulated ${progress.now.toFixed(0)} s`);
    },
    end: () => meter.end(),
  };
}
