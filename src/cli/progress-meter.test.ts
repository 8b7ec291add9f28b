import { describe, expect, it } from 'vitest';
import { formatSeconds, progressMeter } from './progress-meter.js';
import { simulationsProgress } from './progress.js';

/** A meter writing into a string, on a clock the test moves. */
function recorded(terminal: boolean, total = 10) {
  const out = { text: '', now: 0 };
  const meter = progressMeter({ total, unit: 'jobs', write: (t) => (out.text += t), terminal, now: () => out.now });
  return { out, meter };
}

describe('the progress meter', () => {
  it('on a terminal redraws a bar with the share, the count, the rate, the time left and what goes on', () => {
    const { out, meter } = recorded(true);
    out.now = 2000;
    meter.update(4, 'fair');
    // 4 of 10 in 2 s: 2 jobs/s, 6 left take 3 s.
    expect(out.text).toBe('\r\x1b[2K[██████████░░░░░░░░░░░░░░] 40% · 4/10 jobs · 2.00 jobs/s · 3 s left · fair');
    out.now = 2100; // within 200 ms: not redrawn
    meter.update(5);
    expect(out.text.endsWith('fair')).toBe(true);
    out.now = 2150; // the last unit is drawn at once, with no time left
    meter.update(10);
    expect(out.text.endsWith('[████████████████████████] 100% · 10/10 jobs · 4.65 jobs/s')).toBe(true);
    meter.end();
    expect(out.text.endsWith('\r\x1b[2K')).toBe(true);
  });

  it('on a terminal prints a note above the bar and draws the bar again', () => {
    const { out, meter } = recorded(true);
    out.now = 1000;
    meter.update(1);
    out.text = '';
    meter.note('a cell failed');
    expect(out.text).toBe('\r\x1b[2Ka cell failed\n\r\x1b[2K[██░░░░░░░░░░░░░░░░░░░░░░] 10% · 1/10 jobs · 1.00 jobs/s · 9 s left');
  });

  it('elsewhere prints plain lines, none in the first two seconds and then one per five seconds', () => {
    const { out, meter } = recorded(false);
    out.now = 1999;
    meter.update(1);
    expect(out.text).toBe('');
    out.now = 2000;
    meter.update(2, 'fifo');
    // 2 of 10 in 2 s: 1 job/s, 8 s left.
    const first = '20% · 2/10 jobs · 1.00 jobs/s · 8 s left · fifo\n';
    expect(out.text).toBe(first);
    out.now = 6999;
    meter.update(7);
    meter.note('plain note');
    expect(out.text).toBe(`${first}plain note\n`);
    out.now = 7000;
    meter.update(7);
    meter.end();
    expect(out.text).toBe(`${first}plain note\n70% · 7/10 jobs · 1.00 jobs/s · 3 s left\n`);
  });

  it('says time left in seconds, minutes or hours', () => {
    expect(formatSeconds(3.2)).toBe('4 s');
    expect(formatSeconds(600)).toBe('10 min');
    expect(formatSeconds(9000)).toBe('2.5 h');
  });
});

describe('the progress of several simulations', () => {
  it('counts a run whole once the next one reports, and the current run by its jobs done', () => {
    let text = '';
    let now = 0;
    const progress = simulationsProgress(3, 100, (t) => (text += t), true, () => now);
    const report = (jobsDone: number) => ({ now: 3600, jobsDone, jobsTotal: 100, attempts: 5, pools: [] });
    now = 1000;
    progress.update('fifo', report(40));
    expect(text).toContain('13% · 40/300 jobs');
    now = 2000;
    // fifo last said 40 jobs done; once fair reports, fifo's run is over and counts whole: 100 + 20 in 2 s.
    progress.update('fair', report(20));
    expect(text).toContain('40% · 120/300 jobs · 60.0 jobs/s · 3 s left · fair, simulated 3600 s');
  });
});
