/**
 * Hostile input for the fuzz tests: values a hostile file puts anywhere, a
 * generated value with a few of its fields set to them or removed, and the
 * value as the YAML or JSON text a user writes.
 */
import fc from 'fast-check';
import YAML from 'yaml';

/** Values a hostile file puts anywhere: wrong types, edges, overflows, control characters, long text. */
export const hostileValue = fc.oneof(
  fc.constantFrom(-1, 0, 0.5, 1e-324, 5e-324, 1e16, 1e308, 2 ** 53 + 1, -0, 2147483648, null, true, '', [], {}),
  fc.constantFrom('1e400 s', '1e308 d', '1e400 GB', '1e400 Gbps', '5 min', '-3 s', '0 B', 'NaN', 'Infinity', 'x'.repeat(5_000)),
  fc.constantFrom('a\u0000b', 'a\u007fb', '\u001b[2J', '\uFEFF', 'é', '&a', '*a', '<<', '{', 'core'),
  fc.integer({ min: -5, max: 5_000_000 }),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 12 }),
);

/** `value` as generated (a third of the time), or with one to three changes: a field set to one of `hostile`, or removed. */
export function mutated<T>(value: fc.Arbitrary<T>, hostile: fc.Arbitrary<unknown> = hostileValue): fc.Arbitrary<unknown> {
  const changes = fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean(), hostile), { minLength: 1, maxLength: 3 });
  return fc
    .tuple(value, fc.oneof({ weight: 1, arbitrary: fc.constant([]) }, { weight: 2, arbitrary: changes }))
    .map(([base, changes]) => {
      const copy = structuredClone(base) as unknown;
      for (const [pick, key, remove, hostile] of changes) change(copy, pick, key, remove, hostile);
      return copy;
    });
}

/** Sets (or removes) one field of one object or list inside `root`, chosen by `pick` and `key`. */
function change(root: unknown, pick: number, key: number, remove: boolean, hostile: unknown): void {
  const containers: (Record<string, unknown> | unknown[])[] = [];
  const walk = (v: unknown): void => {
    if (typeof v !== 'object' || v === null) return;
    containers.push(v as Record<string, unknown>);
    for (const child of Object.values(v)) walk(child);
  };
  walk(root);
  if (containers.length === 0) return;
  const target = containers[pick % containers.length];
  const keys = Object.keys(target);
  if (keys.length === 0) return;
  const name = keys[key % keys.length];
  if (remove && !Array.isArray(target)) delete (target as Record<string, unknown>)[name];
  else (target as Record<string, unknown>)[name] = hostile;
}

/** As YAML or JSON text, as users write either. */
export const asText = (value: unknown, json: boolean) => (json ? JSON.stringify(value) : YAML.stringify(value));
