/**
 * Walks everything reachable from a value the way a curious policy could:
 * every own and inherited property, string- or symbol-keyed, enumerable or
 * not, every getter called, every array, typed array, map and set entry, the
 * properties of functions (not their results: calling a method is a
 * question the port answers, walking is not). Built-in prototypes end the
 * walk. A class's prototype, reached as a value, is walked for what it holds
 * but its getters are not called on it: they are meant for instances, and a
 * library's lazy getters (zod's) would write into the prototype. Reports where it met any of the numbers it was told to look for, or
 * a property named like one of the truth's fields.
 */

const BUILT_IN_PROTOTYPES = new Set<unknown>([
  Object.prototype,
  Function.prototype,
  Array.prototype,
  Map.prototype,
  Set.prototype,
  Promise.prototype,
  Error.prototype,
  Object.getPrototypeOf(Int32Array.prototype),
  Object.getPrototypeOf(function* () {}),
]);

export interface TruthWalk {
  /** Paths (from the root's name) at which a sought number or field name was found. */
  readonly found: string[];
  /** Objects visited, to show the walk went somewhere. */
  readonly visited: number;
}

export function walkForTruth(root: unknown, rootName: string, numbers: ReadonlySet<number>, fieldNames: ReadonlySet<string>, seen = new Set<unknown>()): TruthWalk {
  const found: string[] = [];
  const queue: [unknown, string][] = [[root, rootName]];
  let visited = 0;
  while (queue.length > 0) {
    const [value, path] = queue.shift()!;
    if (typeof value === 'number') {
      if (numbers.has(value)) found.push(path);
      continue;
    }
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value) || BUILT_IN_PROTOTYPES.has(value)) continue;
    seen.add(value);
    visited++;
    if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
      const array = value as unknown as ArrayLike<number>;
      for (let i = 0; i < array.length; i++) if (numbers.has(array[i])) found.push(`${path}[${i}]`);
      continue;
    }
    if (value instanceof Map) value.forEach((v, k) => queue.push([k, `${path}.key`], [v, `${path}.get(${String(k)})`]));
    if (value instanceof Set) value.forEach((v) => queue.push([v, `${path}.has`]));
    const isPrototype = isClassPrototype(value);
    for (let object: object | null = value as object; object !== null && !BUILT_IN_PROTOTYPES.has(object); object = Object.getPrototypeOf(object)) {
      for (const key of Reflect.ownKeys(object)) {
        const name = String(key);
        if (fieldNames.has(name)) found.push(`${path}.${name}`);
        const descriptor = Object.getOwnPropertyDescriptor(object, key)!;
        let child: unknown;
        if ('value' in descriptor) child = descriptor.value;
        else if (descriptor.get !== undefined && !isPrototype) {
          try {
            child = descriptor.get.call(value);
          } catch {
            continue;
          }
        }
        queue.push([child, `${path}.${name}`]);
      }
    }
  }
  return { found, visited };
}

/** A function's `prototype` object (it holds its own `constructor`, whose prototype it is). */
function isClassPrototype(value: object): boolean {
  const constructor: unknown = Object.getOwnPropertyDescriptor(value, 'constructor')?.value;
  return typeof constructor === 'function' && constructor.prototype === value;
}
