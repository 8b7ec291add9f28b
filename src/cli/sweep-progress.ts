/**
 * How a sweep shows its progress on stderr (the meter of progress-meter.ts
 * counting this run's cells): on a terminal, the bar with the failures so
 * far, each failure printed above it; otherwise (a batch job's log) one
 * plain line per cell besides the meter's.
 */
import type { CellRecord } from '../sweep/index.js';
import { progressMeter } from './progress-meter.js';

export interface SweepProgress {
  cell(record: CellRecord): void;
  /** Clears the bar. */
  end(): void;
  /** Cells of this run done so far. */
  readonly done: number;
}

export function sweepProgress(total: number, write: (text: string) => void, terminal: boolean, now: () => number = Date.now): SweepProgress {
  const meter = progressMeter({ total, unit: 'cells', write, terminal, now });
  let done = 0;
  let failed = 0;
  return {
    cell(record) {
      done++;
      if (record.status === 'failed') failed++;
      meter.update(done, failed > 0 ? `${failed} failed` : '');
      if (!terminal) meter.note(`[${done}/${total}] ${cellName(record)}: ${record.status === 'succeeded' ? 'done' : `failed: ${record.error}`}`);
      else if (record.status === 'failed') meter.note(`${cellName(record)} failed: ${record.error}`);
    },
    end: () => meter.end(),
    get done() {
      return done;
    },
  };
}

/** What a cell is, briefly: `default · settings.slowStart=0.5 · fair · seed 2 (3f2a…)`. */
export function cellName(record: CellRecord): string {
  const parameters = Object.entries(record.parameters).map(([path, value]) => `${path}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return `${[record.scenario, ...parameters, record.scheduler, `seed ${record.seed}`].join(' · ')} (${record.id})`;
}
