/**
 * `--scheduler-module FILE`: schedulers and placements written outside
 * mrsched. A scheduler module is an ES module whose default export is a
 * function; mrsched calls it with the scheduler module API
 * (`scheduler-module-api.ts`) and registers the factories it returns (one,
 * or a list), beside the built-in ones. Handing the API in, rather than
 * letting the module import mrsched, means the module works with whichever
 * mrsched runs it (a global install, a clone) and needs no install of its
 * own. The command and a sweep's worker threads load modules here alike.
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { InputError, type InputProblem } from '../util/input-error.js';
import { builtinSchedulers, type PlacementFactory, type SchedulerFactory, type SchedulerRegistry } from '../sched/index.js';
import { SCHEDULER_MODULE_API } from './scheduler-module-api.js';

/** Absolute paths of the modules loaded so far: an error raised in one of them is the module's, not mrsched's. */
const loadedModules = new Set<string>();

/** The loaded scheduler module an error was raised in (found on its stack), if any. */
export function moduleOfError(error: unknown): string | undefined {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  return [...loadedModules].find((file) => stack.includes(file));
}

/** The built-in schedulers and placements, with those of each module added in order. */
export async function registryWithModules(paths: readonly string[]): Promise<SchedulerRegistry> {
  const registry = builtinSchedulers();
  for (const path of paths) {
    for (const factory of await loadModule(path)) {
      try {
        registry.register(factory);
      } catch (error) {
        throw new InputError(path, [{ path: '', expected: 'factories with names of their own', found: (error as Error).message }]);
      }
    }
  }
  return registry;
}

async function loadModule(path: string): Promise<(SchedulerFactory | PlacementFactory)[]> {
  let loaded: { default?: unknown };
  const file = resolve(path);
  try {
    loaded = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (error) {
    const found = (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' ? 'no such module' : `a module that fails to load: ${(error as Error).message}`;
    throw new InputError(path, [{ path: '', expected: 'a scheduler module (an ES module file)', found }]);
  }
  if (typeof loaded.default !== 'function') {
    throw new InputError(path, [{ path: 'default', expected: 'a default export that is a function of the mrsched API', found: describe(loaded.default) }]);
  }
  loadedModules.add(file);
  const returned: unknown = (loaded.default as (mrsched: unknown) => unknown)(SCHEDULER_MODULE_API);
  const factories = Array.isArray(returned) ? returned : [returned];
  const problems = factories.flatMap((factory, i) => factoryProblems(factory, Array.isArray(returned) ? `default()[${i}]` : 'default()'));
  if (problems.length > 0) throw new InputError(path, problems);
  return factories as (SchedulerFactory | PlacementFactory)[];
}

/** What is wrong with a value meant as a scheduler or placement factory. */
function factoryProblems(factory: unknown, at: string): InputProblem[] {
  if (typeof factory !== 'object' || factory === null) return [{ path: at, expected: 'a scheduler or placement factory (an object)', found: describe(factory) }];
  const f = factory as Record<string, unknown>;
  const problems: InputProblem[] = [];
  for (const field of ['name', 'summary', 'source']) {
    if (typeof f[field] !== 'string' || f[field] === '') problems.push({ path: `${at}.${field}`, expected: 'a non-empty string', found: describe(f[field]) });
  }
  if (typeof f.create !== 'function') problems.push({ path: `${at}.create`, expected: 'a function (setup) returning a policy or placement', found: describe(f.create) });
  if (typeof (f.options as { safeParse?: unknown } | undefined)?.safeParse !== 'function') {
    problems.push({ path: `${at}.options`, expected: "a zod schema of its schedulerOptions (the API's z: z.strictObject({}) for none)", found: describe(f.options) });
  }
  if (typeof f.optionDescriptions !== 'object' || f.optionDescriptions === null || Array.isArray(f.optionDescriptions)) {
    problems.push({ path: `${at}.optionDescriptions`, expected: 'a mapping from each option to what it expects, in words', found: describe(f.optionDescriptions) });
  }
  if (f.kind !== undefined && f.kind !== 'map-placement' && f.kind !== 'reduce-placement') {
    problems.push({ path: `${at}.kind`, expected: "'map-placement', 'reduce-placement', or none for a scheduler", found: describe(f.kind) });
  }
  return problems;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (value === null || value === undefined || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'a list' : 'an object';
}
