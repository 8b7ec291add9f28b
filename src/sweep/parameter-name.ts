/**
 * A swept field's path as a reader names it, for axes and headings:
 * `settings.slowStart` is "Slow start", `cluster.racks[*].nodes` "Nodes per
 * rack", `users[0].minShare` "Min share of user 1",
 * `schedulerOptions.fair.nodeLocalityDelay` "Node locality delay (fair)",
 * `generate.load` "Load (generator)", `settings.speculation.maps` "Maps
 * (speculation)". The path itself stays beside it where
 * there is room (the headings), as the spec and summary.csv spell it.
 */
export function parameterName(path: string): string {
  const segments = path.split('.');
  const field = words(segments[segments.length - 1].replace(/\[[^\]]*\]$/, ''));
  const within = segments.slice(0, -1).flatMap((segment) => {
    const indexed = /^(\w+)\[(\*|\d+)\]$/.exec(segment);
    if (indexed === null) return [];
    const item = singular(words(indexed[1]));
    return [indexed[2] === '*' ? `per ${item}` : `of ${item} ${Number(indexed[2]) + 1}`];
  });
  // The field's own parent names what it belongs to, unless it is a list's item (above) or the file's top level.
  const parent = segments.length > 1 ? segments[segments.length - 2] : '';
  const owner = parent === 'generate' ? ' (generator)' : parent === '' || parent.endsWith(']') || TOP_LEVEL.has(parent) ? '' : ` (${words(parent)})`;
  const name = [field, ...within].join(' ');
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}${owner}`;
}

/** Parts of a scenario that name nothing a reader needs to be told. */
const TOP_LEVEL = new Set(['settings', 'cluster', 'schedulerOptions']);

/** `nodeLocalityDelay` → `node locality delay`. */
function words(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** `racks` → `rack`, `jobStreams` → `job stream`: the English plural of a list's name. */
function singular(name: string): string {
  return name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.endsWith('s') ? name.slice(0, -1) : name;
}
