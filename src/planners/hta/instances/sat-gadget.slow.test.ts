import { describe, expect, it } from 'vitest';
import { optimalAssign } from '../optimal-assign.js';
import { parseCnf, satGadgetInstance } from './sat-gadget.js';

describe('the 3SAT gadget f(φ) of Theorem 3.1', () => {
  it('(x1∨x1∨x1)∧(¬x1∨¬x1∨¬x1) has 20 tasks on 9 servers', () => {
    // 3α literal + α auxiliary + 2βω ring + βω variable + 3 sink tasks = 6 + 2 + 6 + 3 + 3 = 20;
    // α clause + 2βω ring + 1 sink servers = 2 + 6 + 1 = 9 (α = 2, β = 1, ω = 3).
    const formula = parseCnf('(x1 ∨ x1 ∨ x1) ∧ (¬x1 ∨ ¬x1 ∨ ¬x1)');
    if ('error' in formula) throw new Error(formula.error);
    const instance = satGadgetInstance(formula);
    expect(instance.tasks.length).toBe(20);
    expect(instance.servers.length).toBe(9);
  });

  it.each([
    ['(x1 ∨ x1 ∨ x1) ∧ (¬x1 ∨ ¬x1 ∨ ¬x1)', false],
    ['(x1 ∨ x2 ∨ x3)', true],
    ['(x1 ∨ x1 ∨ x2) ∧ (¬x1 ∨ ¬x1 ∨ x2) ∧ (¬x2 ∨ ¬x2 ∨ ¬x2)', false],
    ['(x1 ∨ x2 ∨ x2) ∧ (¬x1 ∨ x2 ∨ x2)', true],
  ])('%s: satisfiable = %s exactly when f(φ) is 3-admissible', async (text, satisfiable) => {
    const formula = parseCnf(text);
    if ('error' in formula) throw new Error(formula.error);
    const exact = await optimalAssign(satGadgetInstance(formula), { timeLimitSeconds: 60 });
    expect(exact.status).toBe('optimal');
    expect((exact.loads?.maxLoad ?? Infinity) <= 3).toBe(satisfiable);
  });

  it('parseCnf names the clause and the literal it cannot read', () => {
    expect(parseCnf('(x1 | x2)')).toEqual({ error: "clause 1 ('x1 | x2') has 2 literals, expected 3" });
    expect(parseCnf('(x1 | x2 | x3) & (x1 | y | x2)')).toEqual({ error: "clause 2: 'y' is not a literal like x1 or ¬x1" });
    expect(parseCnf('(x1 | !x2 | -x3) & (~x4 | x1 | x1)')).toEqual([
      [1, -2, -3],
      [-4, 1, 1],
    ]);
  });
});
