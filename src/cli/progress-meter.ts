/**
 * How a long command shows its progress on stderr: on a terminal, a bar
 * redrawn in place (share done, count, rate, time left, what is going on),
 * with notes printed above it; otherwise (a batch job's log, a pipe) a plain
 * line every few seconds, and the notes as lines. The rate and time left come
 * from the wall clock, the only place a command reads it: nothing it writes
 * depends on it.
 */

/** A terminal bar is redrawn at most this often. */
const REDRAW_EVERY_MS = 200;
/** A plain line at most this often, the first after two seconds: a short run prints none. */
const PLAIN_EVERY_MS = 5000;
const PLAIN_FIRST_MS = 2000;
const BAR_WIDTH = 24;

export interface ProgressMeterOptions {
  /** Units of work in all, e.g. cells or jobs. */
  readonly total: number;
  /** Their name, plural: `cells`, `jobs`. */
  readonly unit: string;
  readonly write: (text: string) => void;
  /** Redraw a bar in place (stderr is a terminal) or print plain lines. */
  readonly terminal: boolean;
  readonly now?: () => number;
}

export interface ProgressMeter {
  /** `done` units of the total are done; `detail` says what is going on (`fair #2/5`). */
  update(done: number, detail?: string): void;
  /** A line of its own, above the bar on a terminal. */
  note(line: string): void;
  /** Clears the bar. */
  end(): void;
}

export function progressMeter(options: ProgressMeterOptions): ProgressMeter {
  const { total, unit, write, terminal } = options;
  const now = options.now ?? Date.now;
  const started = now();
  let lastDraw = terminal ? -Infinity : started - (PLAIN_EVERY_MS - PLAIN_FIRST_MS);
  let drawn = false;
  let done = 0;
  let detail = '';
  const status = (time: number) => {
    const share = total === 0 ? 1 : Math.min(1, done / total);
    const seconds = (time - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const left = rate > 0 && done < total ? ` · ${formatSeconds((total - done) / rate)} left` : '';
    return `${Math.floor(share * 100)}% · ${done}/${total} ${unit} · ${rate.toFixed(rate < 10 ? 2 : 1)} ${unit}/s${left}${detail === '' ? '' : ` · ${detail}`}`;
  };
  const draw = (force: boolean) => {
    const time = now();
    if (!force && time - lastDraw < (terminal ? REDRAW_EVERY_MS : PLAIN_EVERY_MS)) return;
    lastDraw = time;
    if (!terminal) {
      write(`${status(time)}\n`);
      return;
    }
    drawn = true;
    const filled = Math.round((total === 0 ? 1 : Math.min(1, done / total)) * BAR_WIDTH);
    write(`\r\x1b[2K[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}] ${status(time)}`);
  };
  return {
    update(count, what = '') {
      done = count;
      detail = what;
      // On a terminal the last unit is drawn at once; in a log the last line is the command's own summary.
      draw(terminal && done === total);
    },
    note(line) {
      write(terminal && drawn ? `\r\x1b[2K${line}\n` : `${line}\n`);
      if (terminal && drawn) draw(true);
    },
    end() {
      if (drawn) write('\r\x1b[2K');
    },
  };
}

/** Time left, briefly: `12 s`, `4 min`, `1.5 h`. */
export function formatSeconds(seconds: number): string {
  if (seconds < 90) return `${Math.ceil(seconds)} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}
