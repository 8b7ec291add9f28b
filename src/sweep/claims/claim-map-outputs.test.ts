import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ClaimMap } from './claim-map.js';
import { writeClaimMapOutputs } from './claim-map-outputs.js';
import { claimMapText } from './claim-map-text.js';

const dir = mkdtempSync(join(tmpdir(), 'mrsched-claim-map-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const interval = (mean: number, halfWidth: number) => ({ mean, halfWidth, low: mean - halfWidth, high: mean + halfWidth, n: 3 });
/** Two machine counts (panels) × two speed ratios (rows) × one release interval (the one column). */
const map: ClaimMap = {
  name: 'demo',
  description: 'a hand-made map',
  axes: [
    { name: 'machines', values: ['4', '8'] },
    { name: 'speed ratio', values: ['1', '2'] },
    { name: 'release interval', values: ['600'] },
  ],
  rows: 1,
  columns: 2,
  replications: 3,
  claims: [
    {
      claim: { label: 'a is lower than b', metric: 'makespan', scheduler: 'a', against: { schedulers: ['b'] }, shape: { kind: 'below', percent: 0 } },
      summary: 'holds at 2 of 4 cells, ties at 2: holds where speed ratio is 2, ties where it is 1, whatever the other axes',
      cells: [
        { coordinates: ['4', '1', '600'], verdict: 'tie', reference: 'b', difference: interval(0, 0), referenceMean: 200 },
        { coordinates: ['4', '2', '600'], verdict: 'holds', reference: 'b', difference: interval(-20, 5), referenceMean: 200 },
        { coordinates: ['8', '1', '600'], verdict: 'tie', reference: 'b', difference: interval(-2, 4), referenceMean: 100 },
        { coordinates: ['8', '2', '600'], verdict: 'holds', reference: 'b', difference: interval(-30, 10), referenceMean: 100 },
      ],
    },
  ],
};

describe("a claim map's outputs", () => {
  it('prints each panel as rows × columns, a mark and the difference in % of the reference with its interval per cell', () => {
    const text = claimMapText(map);
    expect(text).toContain('claim 1: a is lower than b\n  holds at 2 of 4 cells');
    expect(text).toContain('machines = 4\nspeed ratio \\ release interval  600\n');
    expect(text).toContain('2                               ✓ −10.0% (−12.5, −7.5)');
    expect(text).toContain('machines = 8\n');
    expect(text).toContain('1                               ~ −2.0% (−6.0, 2.0)');
  });

  it('writes claim-map.csv, a row per claim and cell, and claim-map.html, a marked grid per panel', () => {
    writeClaimMapOutputs(dir, map);
    const csv = readFileSync(join(dir, 'claim-map.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('claim,statement,machines,speed ratio,release interval,verdict,reference,n,difference_mean,difference_low,difference_high,reference_mean,percent_mean,percent_low,percent_high');
    expect(csv).toHaveLength(5);
    expect(csv[2]).toBe('1,a is lower than b,4,2,600,holds,b,3,-20,-25,-15,200,-10,-12.5,-7.5');
    const html = readFileSync(join(dir, 'claim-map.html'), 'utf8');
    expect(html.match(/<svg /g)).toHaveLength(2);
    expect(html).toContain('<h2>Claim 1: a is lower than b</h2>');
    expect(html).toContain('fill="#B3E2D5"'); // a cell that holds
    expect(html).toContain('✓ −30.0% (−40.0, −20.0)');
    expect(html).not.toContain('<script');
  });
});
