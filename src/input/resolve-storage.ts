/**
 * Storage: the files of storage.files split into blocks, each block's
 * replicas (as listed, else placed by the rack-aware placer), and the checks
 * of file ids and replica lists.
 */
import { atMost, checkJobTasks, SizeLimitError, type Limits } from './size-limits.js';
import { formatSize } from '../util/units.js';
import { isObj, objects, sizeOf } from './lenient-access.js';
import { uniqueIds, type Path } from './problem-path.js';
import type { Random } from '../util/random.js';
import type { ReplicaPlacer } from './replica-placement.js';
import { DEFAULT_BLOCK_SIZE, type ParsedScenarioFile, type PathProblem } from './scenario-file.js';

/** A block of a file, or a map's input split: its bytes and the nodes (indices) holding a replica. */
export interface Block {
  readonly bytes: number;
  readonly replicas: readonly number[];
}

/** Checks of the storage section; returns the file ids. */
export function checkStorage(value: unknown, nodeIds: Set<string> | undefined, problems: PathProblem[]): Set<string> {
  const storage = isObj(value) ? value : {};
  const blockSize = sizeOf(storage.blockSize === undefined ? DEFAULT_BLOCK_SIZE : storage.blockSize);
  const fileItems = objects(storage.files);
  const fileIds = uniqueIds(fileItems, ['storage', 'files'], 'file', problems);
  fileItems.forEach((file, f) => {
    if (!Array.isArray(file.replicas)) return;
    const size = sizeOf(file.size);
    if (size !== undefined && size > 0 && blockSize !== undefined && blockSize > 0) {
      const blocks = Math.ceil(size / blockSize);
      if (file.replicas.length !== blocks) {
        problems.push({
          path: ['storage', 'files', f, 'replicas'],
          expected: `one replica list per block (${blocks} blocks)`,
          found: `${file.replicas.length} lists`,
        });
      }
    }
    file.replicas.forEach((list, b) => checkNodeList(list, ['storage', 'files', f, 'replicas', b], nodeIds, problems));
  });
  return fileIds;
}

/** Checks of a list of replica locations: node ids of the cluster (when known), each once. */
export function checkNodeList(value: unknown, path: Path, nodeIds: Set<string> | undefined, problems: PathProblem[]): void {
  if (!Array.isArray(value)) return;
  const seen = new Set<string>();
  value.forEach((node, i) => {
    if (typeof node !== 'string') return;
    if (nodeIds !== undefined && !nodeIds.has(node)) {
      problems.push({ path: [...path, i], expected: 'a node id of the cluster', found: `'${node}'` });
    }
    if (seen.has(node)) problems.push({ path: [...path, i], expected: 'distinct nodes', found: `'${node}' twice` });
    seen.add(node);
  });
}

/** What placing files' blocks needs beyond the storage section. */
export interface FileContext {
  readonly placer: ReplicaPlacer;
  readonly placementRng: Random;
  readonly indexOf: (id: string) => number;
  readonly limits: Limits;
}

/** Each file's blocks, in file order; replicas not listed are placed from `placementRng`, block by block. */
export function resolveFiles(
  storage: ParsedScenarioFile['storage'],
  { placer, placementRng, indexOf, limits }: FileContext,
): Map<string, Block[]> {
  const { blockSize, replication } = storage;
  const files = new Map<string, Block[]>();
  (storage.files ?? []).forEach((file, f) => {
    let sizes: Float64Array;
    try {
      sizes = splitIntoBlocks(file.size, blockSize, limits);
    } catch (error) {
      if (!(error instanceof SizeLimitError)) throw error;
      throw new SizeLimitError({
        path: ['storage', 'files', f, 'size'],
        expected: `a file of ${atMost(limits, 'tasksPerJob', 'blocks (one map each)')}`,
        found: `${formatSize(file.size)} in blocks of ${formatSize(blockSize)}`,
      });
    }
    files.set(
      file.id,
      Array.from(sizes, (bytes, b) => ({
        bytes,
        replicas: file.replicas?.[b].map(indexOf) ?? placer.place(file.replication ?? replication, placementRng),
      })),
    );
  });
  return files;
}

/** Block sizes of `bytes` of data: full blocks and a partial last one; one empty block for no data. */
export function splitIntoBlocks(bytes: number, blockSize: number, limits: Limits): Float64Array {
  if (bytes <= 0) return new Float64Array(1);
  const n = Math.ceil(bytes / blockSize);
  checkJobTasks(limits, 'maps', n, `${formatSize(bytes)} of input in blocks of ${formatSize(blockSize)}`);
  const sizes = new Float64Array(n).fill(blockSize);
  sizes[n - 1] = bytes - (n - 1) * blockSize;
  return sizes;
}
