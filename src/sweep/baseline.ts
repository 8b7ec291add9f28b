/**
 * The scheduler summary.csv measures the others against (`--baseline`): it
 * must be one of the sweep's schedulers, as the spec labels them, and a
 * mistake is found before any cell runs.
 */
import { didYouMean } from '../util/did-you-mean.js';
import { InputError } from '../util/input-error.js';

/** Throws an InputError naming `source` unless `baseline` is one of `schedulers`. */
export function checkBaseline(schedulers: readonly string[], baseline: string, source: string): void {
  if (schedulers.includes(baseline)) return;
  const known = [...new Set(schedulers)];
  throw new InputError(source, [
    { path: 'baseline', expected: `one of the sweep's schedulers as its spec labels them (${known.join(', ')})`, found: `'${baseline}'${didYouMean(baseline, known)}` },
  ]);
}
