import { describe, expect, it } from 'vitest';
import { didYouMean, editDistance } from './did-you-mean.js';

describe('didYouMean', () => {
  const schedulers = ['fifo', 'fair', 'capacity', 'flow'];

  it('suggests the nearest known name for a typo', () => {
    expect(didYouMean('fiar', schedulers)).toBe(" (did you mean 'fair'?)");
    expect(didYouMean('capcity', schedulers)).toBe(" (did you mean 'capacity'?)");
    expect(didYouMean('FIFO', schedulers)).toBe(" (did you mean 'fifo'?)");
  });

  it('suggests nothing for a name far from every known one', () => {
    expect(didYouMean('round-robin', schedulers)).toBe('');
    expect(didYouMean('ab', ['xy'])).toBe('');
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours as one edit each', () => {
    expect(editDistance('fair', 'fair')).toBe(0);
    expect(editDistance('fiar', 'fair')).toBe(1);
    expect(editDistance('fai', 'fair')).toBe(1);
    expect(editDistance('fifo', 'flow')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
});
