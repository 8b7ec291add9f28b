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

export function addResources(a: Resources, b: Resources): Resources {
  return { memory: a.memory + b.memory, vcores: a.vcores + b.vcores };
}

export function scaleResources(r: Resources, by: number): Resources {
  return { memory: r.memory * by, vcores: r.vcores * by };
}

/** Whether `request` fits in `free`, in every resource. */
export function fitsIn(request: Resources, free: Resources): boolean {
  return request.memory <= free.memory && request.vcores <= free.vcores;
}
