/**
 * How a sweep shows its progress on stderr: on a terminal, a bar redrawn in
 * place (cells done, failures, rate, time left), with each failure printed
 * above it; otherwise (a batch job's log) one plain line per cell. The rate
 * is of this run's cells, from the wall clock (the only place a sweep reads
 * it: nothing it records depends on it).
 */
import type { CellRecord } from '../sweep/index.js';

const REDRAW_EVERY_MS = 200;
const BAR_WIDTH = 24;

export interface SweepProgress {
  cell(record: CellRecord): void;
  /** Clears the bar. */
  end(): void;
  /** Cells of this run done so far. */
  readonly done: number;
}

export function sweepProgress(total: number, write: (text: string) => void, terminal: boolean, now: () => number = Date.now): SweepProgress {
  const started = now();
  let done = 0;
  let failed = 0;
  let lastDraw = -Infinity;
  let drawn = false;
  const draw = (force: boolean) => {
    const time = now();
    if (!force && time - lastDraw < REDRAW_EVERY_MS) return;
    lastDraw = time;
    drawn = true;
    const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
    const seconds = (time - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const left = rate > 0 ? ` · ${formatSeconds((total - done) / rate)} left` : '';
    write(
      `\r\x1b[2K[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}] ${done}/${total} cells` +
        `${failed > 0 ? ` · ${failed} failed` : ''} · ${rate.toFixed(rate < 10 ? 2 : 1)} cells/s${left}`,
    );
  };
  return {
    cell(record) {
      done++;
      if (record.status === 'failed') failed++;
      if (!terminal) {
        write(`[${done}/${total}] ${cellName(record)}: ${record.status === 'succeeded' ? 'done' : `failed: ${record.error}`}\n`);
        return;
      }
      if (record.status === 'failed') write(`\r\x1b[2K${cellName(record)} failed: ${record.error}\n`);
      draw(record.status === 'failed' || done === total);
    },
    end() {
      if (drawn) write('\r\x1b[2K');
    },
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

function formatSeconds(seconds: number): string {
  if (seconds < 90) return `${Math.ceil(seconds)} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}
