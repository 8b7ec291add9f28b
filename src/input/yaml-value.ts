/**
 * The value of a parsed YAML document, each alias resolved in one pass over
 * the document: linear in its nodes however many aliases it holds. (The
 * YAML library's own conversion looks each alias's anchor up by scanning
 * every anchor and alias before it: a 120 KB file of aliases took 36 s, the
 * 100,000 aliases the docs allow 7.5 minutes.)
 *
 * As the library reads them: an alias is the value of the last node before
 * it with that anchor, the same value wherever it is aliased (not a copy);
 * `<<` (plain) merges the keys of a mapping, an alias to one or a list of
 * them into its mapping, the keys it already has or later sets winning;
 * a key that is not a scalar is its text as written. What it refuses, by an
 * Error whose message says why: an alias to an anchor not set before it, or
 * inside the node it names (a cycle), a merge of something not a mapping,
 * and one anchor aliased more than `maxAliases` times (counted as the
 * aliases are met, so a file of a million is refused at the first past the
 * limit). How large the aliases make the value is for the caller to judge.
 */
import { isAlias, isMap, isScalar, isSeq, type Alias, type Document, type Node, type Pair } from 'yaml';

export interface YamlValue {
  readonly value: unknown;
  /** The node each alias of the document names. */
  readonly aliasTargets: ReadonlyMap<Alias, Node>;
}

interface Anchored {
  readonly node: Node;
  /** False while the node is being read: an alias inside it would be a cycle. */
  ready: boolean;
  value: unknown;
  aliases: number;
}

export function yamlValue(doc: Document, text: string, maxAliases: number): YamlValue {
  const anchors = new Map<string, Anchored>();
  const aliasTargets = new Map<Alias, Node>();

  const read = (node: unknown): unknown => {
    if (isAlias(node)) return resolve(node).value;
    if (!isScalar(node) && !isMap(node) && !isSeq(node)) return node ?? null;
    const anchored: Anchored | undefined = node.anchor === undefined ? undefined : { node, ready: false, value: undefined, aliases: 0 };
    if (anchored !== undefined) anchors.set(node.anchor!, anchored);
    const value = isScalar(node) ? node.value : isSeq(node) ? node.items.map(read) : readMap(node.items as Pair[]);
    if (anchored !== undefined) Object.assign(anchored, { ready: true, value });
    return value;
  };

  const resolve = (alias: Alias): Anchored => {
    const anchored = anchors.get(alias.source);
    if (anchored === undefined) throw new Error(`the alias *${alias.source} names no anchor set before it`);
    if (!anchored.ready) throw new Error(`the alias *${alias.source} is inside the node its anchor names`);
    if (++anchored.aliases > maxAliases) {
      throw new Error(`the anchor &${alias.source} aliased more than ${maxAliases.toLocaleString('en')} times`);
    }
    aliasTargets.set(alias, anchored.node);
    return anchored;
  };

  const readMap = (pairs: readonly Pair[]): Record<string, unknown> => {
    const map: Record<string, unknown> = {};
    for (const pair of pairs) {
      if (isMergeKey(pair.key)) {
        merge(map, pair.value);
        continue;
      }
      set(map, keyText(pair.key), read(pair.value));
    }
    return map;
  };

  const keyText = (key: unknown): string => {
    if (isAlias(key)) key = resolve(key).node;
    if (isScalar(key)) return key.value === null ? '' : String(key.value);
    const range = (key as Node | null)?.range;
    return range ? text.slice(range[0], range[1]).trim() : String(read(key));
  };

  const merge = (map: Record<string, unknown>, value: unknown): void => {
    const sources = isSeq(value) ? value.items : [value];
    for (const source of sources) {
      const target = isAlias(source) ? resolve(source) : undefined;
      if (!isMap(target?.node ?? source)) throw new Error('a merge (<<) of something other than a mapping or an alias to one');
      const merged = (target === undefined ? read(source) : target.value) as Record<string, unknown>;
      for (const key of Object.keys(merged)) if (!Object.hasOwn(map, key)) set(map, key, merged[key]);
    }
  };

  return { value: read(doc.contents), aliasTargets };
}

/** `<<` written plain: the YAML library makes it a symbol when merge keys are on. */
function isMergeKey(key: unknown): boolean {
  if (!isScalar(key)) return false;
  if (typeof key.value === 'symbol') return key.value.description === '<<';
  return key.value === '<<' && (key.type === undefined || key.type === 'PLAIN');
}

/** Sets `key` as an own property, `__proto__` included (never the prototype). */
function set(map: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(map, key, { value, writable: true, enumerable: true, configurable: true });
}
