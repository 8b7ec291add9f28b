import { describe, expect, it } from 'vitest';
import { parseResourceValue, resolveResource, type ResourceValue } from './resource-value.js';

/** The cluster TestFairSchedulerConfiguration resolves percentages against: 10 GB and 4 vcores. */
const CLUSTER = { memoryMb: 10 * 1024, vcores: 4 };

function resolved(text: string, missing: 'zero' | 'unbounded' = 'unbounded') {
  const result = parseResourceValue(text, missing);
  if (!result.ok) throw new Error(`${text}: ${result.found}`);
  return resolveResource(result.value as ResourceValue, CLUSTER);
}

// Facts of Hadoop's TestFairSchedulerConfiguration, restated: each case names the test it follows.
describe('resource strings as Hadoop reads them', () => {
  const expected = { memoryMb: 5120, vcores: 2 };
  it.each([
    ['testParseResourceConfigValue', '2 vcores, 5120 mb', expected],
    ['testParseResourceConfigValue', '5120mb,2vcores', expected],
    ['testParseResourceConfigValue', '5120mb   mb, 2    vcores', expected],
    ['testParseResourceConfigValue', '5120 Mb, 2 vCores', expected],
    ['testParseResourceConfigValue', '  5120.3 mb, 2.35 vcores  ', expected],
    ['testParseResourceConfigValue', '  5120. mb, 2. vcores  ', expected],
    ['testParseResourceConfigValue', '50% memory, 50% cpu', expected],
    ['testParseResourceConfigValue', ' 100% cpu, 50% memory', { memoryMb: 5120, vcores: 4 }],
    ['testParseResourceConfigValue', '50% memory, 0% cpu', { memoryMb: 5120, vcores: 0 }],
    ['testParseResourceConfigValue', '  50  %  memory,  50  %  cpu  ', expected],
    ['testParseResourceConfigValue', '10.9% memory, 50.6% cpu', { memoryMb: 1116, vcores: 2 }],
    ['testParseResourceConfigValue', '50%', expected],
    ['testParseResourceConfigValue', ' vcores = 2 , memory-mb = 5120 ', expected],
    ['testParseResourceConfigValue', 'vcores=75%, memory-mb=40%', { memoryMb: 4096, vcores: 3 }],
    ['testParseResourceConfigValue', ' vcores = 75 % , memory-mb = 40 % ', { memoryMb: 4096, vcores: 3 }],
  ])('%s: %j is %j', (_test, text, amount) => {
    expect(resolved(text)).toEqual(amount);
  });

  it('leaves a resource out of the new form as 0 in a minimum and unbounded in a maximum (testParseResourceConfigValue, missing 0L)', () => {
    expect(resolved('memory-mb=5120', 'zero')).toEqual({ memoryMb: 5120, vcores: 0 });
    expect(resolved('memory-mb=5120', 'unbounded')).toEqual({ memoryMb: 5120, vcores: Infinity });
  });

  it.each([
    ['testNoUnits', '1024', /no memory in mb/],
    ['testOnlyMemory', '1024mb', /no vcores/],
    ['testOnlyCPU', '1024vcores', /no memory in mb/],
    ['testGibberish', '1o24vc0res', /no memory in mb/],
    ['testNoUnitsPercentage', '95%, 50% memory', /no percentage of cpu/],
    ['testInvalidNumPercentage', '95A% cpu, 50% memory', /no percentage of cpu/],
    ['testCpuPercentageMemoryAbsolute', '50% cpu, 1024 mb', /no percentage of memory/],
    ['testMemoryPercentageCpuAbsolute', '50% memory, 2 vcores', /no percentage of cpu/],
    ['testMemoryPercentageNegativeValue', '-10% memory, 50% cpu', /negative percentage/],
    ['testCpuPercentageNegativeValue', '10% memory, -10% cpu', /negative percentage/],
    ['testAbsoluteVcoresNegative', '-2 vcores,5120 mb', /negative vcores/],
    ['testAbsoluteMemoryNegative', '2 vcores,-5120 mb', /negative memory/],
    ['testAbsoluteMemoryNegativeFractional', '  -5120.3 mb, 2.35 vcores  ', /negative memory/],
    ['testParseNewStyleResourceMemoryNegative', 'memory-mb=-5120,vcores=2', /-5120/],
    ['testParseNewStyleResourceVcoresNegativeWithMoreSpaces', ' vcores = -2 ,  memory-mb = 5120 ', /-2/],
  ])('%s: refuses %j', (_test, text, found) => {
    const result = parseResourceValue(text, 'unbounded');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.found).toMatch(found);
  });

  it('refuses an empty value, a resource type not modelled (with the nearest name) and a mix of percentages and numbers', () => {
    expect(parseResourceValue('  ', 'zero')).toMatchObject({ ok: false, found: 'an empty value' });
    expect(parseResourceValue('memory-mb=1024, vcore=2', 'zero')).toMatchObject({ ok: false, found: "'vcore' (did you mean 'vcores'?)" });
    expect(parseResourceValue('memory-mb=40%, vcores=2', 'zero')).toMatchObject({ ok: false, found: "vcores='2'" });
  });
});
