/**
 * A rack table, as Hadoop's TableMapping reads it (the file
 * net.topology.table.file.name names, and the `topology.data` files of
 * topology scripts): one `host /rack` pair a line, separated by spaces or
 * tabs; blank lines and lines starting with `#` skipped; a line of another
 * number of columns skipped (TableMapping warns and skips it too, and the
 * notes count them). A host listed twice keeps its last rack, as
 * TableMapping's map does.
 *
 * Racks become the scenario's racks, named by their path without the
 * leading slash (`/dc1/rack1` is `dc1/rack1`), in the order first met; hosts
 * become their nodes.
 */
import { InputError, type InputProblem } from '../../util/input-error.js';
import { hasUnsafeCharacter } from '../../input/text-characters.js';
import { ROOT_SWITCH } from '../../input/resolve-switches.js';
import { readConfText } from './conf-directory.js';
import { linesText } from './site-file.js';

export interface RackTable {
  readonly racks: readonly { readonly id: string; readonly hosts: readonly string[] }[];
  readonly remarks: readonly string[];
}

export function readRackTable(path: string, label: string): RackTable {
  const text = readConfText(path, 'a rack table (lines of host and /rack)');
  const rackOf = new Map<string, string>();
  const skipped: number[] = [];
  const moved: string[] = [];
  const problems: InputProblem[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const columns = line.split(/\s+/);
    if (columns.length !== 2) {
      skipped.push(index + 1);
      return;
    }
    const [host, rackPath] = columns;
    const rack = rackPath.replace(/^\/+/, '');
    if (rack === '' || rack === ROOT_SWITCH || hasUnsafeCharacter(host) || hasUnsafeCharacter(rack)) {
      problems.push({ path: host, line: index + 1, column: raw.indexOf(rackPath) + 1, expected: `a rack path like /rack1 (not /, not /${ROOT_SWITCH}, no control characters)`, found: `'${rackPath}'` });
      return;
    }
    if (rackOf.has(host) && rackOf.get(host) !== rack) moved.push(host);
    rackOf.delete(host);
    rackOf.set(host, rack);
  });
  if (problems.length > 0) throw new InputError(path, problems);
  if (rackOf.size === 0) throw new InputError(path, [{ path: '', expected: 'at least one line of host and /rack', found: skipped.length === 0 ? 'none' : `only lines of another number of columns (lines ${linesText(skipped)})` }]);
  const racks = new Map<string, string[]>();
  for (const [host, rack] of rackOf) racks.set(rack, [...(racks.get(rack) ?? []), host]);
  const remarks: string[] = [];
  if (skipped.length > 0) remarks.push(`${label}: ${skipped.length} lines without two columns skipped, as Hadoop's TableMapping skips them (lines ${linesText(skipped)})`);
  if (moved.length > 0) remarks.push(`${label}: ${moved.length} hosts listed twice in different racks keep the last (e.g. ${moved.slice(0, 3).join(', ')})`);
  return { racks: [...racks].map(([id, hosts]) => ({ id, hosts })), remarks };
}
