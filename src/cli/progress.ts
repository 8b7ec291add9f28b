/** A progress line on stderr while a long run goes on, only when stderr is a terminal. */
import type { SimulationProgress } from '../sim/runtime.js';

/** Redraws at most this often, in milliseconds of wall time. */
const REDRAW_EVERY_MS = 200;

export interface ProgressLine {
  /** Undefined when stderr is not a terminal: nothing is drawn and the run pays nothing. */
  readonly update: ((label: string, progress: SimulationProgress) => void) | undefined;
  /** Clears the line. */
  end(): void;
}

export function progressLine(): ProgressLine {
  if (!process.stderr.isTTY) return { update: undefined, end: () => {} };
  let lastDraw = 0;
  let drawn = false;
  return {
    update(label, progress) {
      const now = Date.now();
      if (now - lastDraw < REDRAW_EVERY_MS) return;
      lastDraw = now;
      drawn = true;
      process.stderr.write(
        `\r\x1b[2K${label}: simulated ${progress.now.toFixed(0)} s, ` +
          `${progress.jobsDone}/${progress.jobsTotal} jobs done, ${progress.attempts} attempts`,
      );
    },
    end() {
      if (drawn) process.stderr.write('\r\x1b[2K');
    },
  };
}
