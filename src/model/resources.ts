/**
 * A YARN resource vector: what a node offers (yarn.nodemanager.resource.*)
 * and what a container asks for. Memory in bytes, like every size of the
 * model; virtual cores as YARN counts them.
 */
export interface Resources {
  readonly memory: number;
  readonly vcores: number;
}

export const NO_RESOURCES: Resources = { memory: 0, vcores: 0 };
export const UNLIMITED_RESOURCES: Resources = { memory: Infinity, vcores: Infinity };

export function sumResources(...all: readonly Resources[]): Resources {
  let memory = 0;
  let vcores = 0;
  for (const r of all) {
    memory += r.memory;
    vcores += r.vcores;
  }
  return { memory, vcores };
}

export function scaleResources(r: Resources, by: number): Resources {
  return { memory: r.memory * by, vcores: r.vcores * by };
}

/** Whether `request` fits in `free`, in every resource. */
export function fitsIn(request: Resources, free: Resources): boolean {
  return request.memory <= free.memory && request.vcores <= free.vcores;
}

/**
 * A request as YARN's scheduler normalises it: each resource raised to the
 * minimum allocation, then up to a multiple of the increment; null when the
 * result exceeds the maximum allocation (YARN refuses such a request).
 */
export function normaliseRequest(request: Resources, minimum: Resources, increment: Resources, maximum: Resources): Resources | null {
  const round = (asked: number, min: number, step: number) => {
    const raised = Math.max(asked, min);
    return step > 0 ? Math.ceil(raised / step - 1e-9) * step : raised;
  };
  const normalised = { memory: round(request.memory, minimum.memory, increment.memory), vcores: round(request.vcores, minimum.vcores, increment.vcores) };
  return fitsIn(normalised, maximum) ? normalised : null;
}

/** Containers of `unit` that fit in `free`. */
export function containersOf(free: Resources, unit: Resources): number {
  const byMemory = unit.memory > 0 ? Math.floor(free.memory / unit.memory) : Infinity;
  const byVcores = unit.vcores > 0 ? Math.floor(free.vcores / unit.vcores) : Infinity;
  return Math.min(byMemory, byVcores);
}
