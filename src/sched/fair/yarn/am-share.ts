/**
 * A leaf queue's limit on its ApplicationMasters, as FSLeafQueue's
 * canRunAppAM and computeMaxAMResource set it: an AM may start while the
 * queue's AMs, with it, fit in maxAMShare × the queue's instantaneous fair
 * share, in memory and in vcores. Each type is rounded up to a whole unit
 * (Resources.multiplyAndRoundUp, with maxAMShare a Java float: 0.2 of
 * 10240 MB is 2049 MB). A type whose fair share is 0 (an inactive queue, a
 * weight of 0, or vcores under `fair`, which divides memory only) takes
 * instead the smaller of what the cluster has free and the queue's max
 * share, so that a queue without a share can still start an AM. A
 * maxAMShare of -1 turns the check off.
 */
import type { Resources } from '../../../model/resources.js';
import { amountOf, HADOOP_UNIT, type ResourceType } from './resource-type.js';

/** The allocation file's queueMaxAMShareDefault when it gives none. */
export const DEFAULT_MAX_AM_SHARE = 0.5;

export interface AmShareLimit {
  /** The queue's maxAMShare, or -1 for no check. */
  readonly maxAmShare: number;
  /** The queue's instantaneous fair share. */
  readonly fairShare: Resources;
  /** The queue's maxResources (unbounded without one). */
  readonly maxShare: Resources;
  /** What no container of the cluster holds. */
  readonly available: Resources;
}

/** The most the queue's AMs may hold (computeMaxAMResource). */
export function maxAmResource(limit: AmShareLimit): Resources {
  const share = Math.fround(limit.maxAmShare);
  const of = (type: ResourceType): number => {
    const fair = amountOf(limit.fairShare, type);
    const base = fair === 0 ? Math.min(amountOf(limit.available, type), amountOf(limit.maxShare, type)) : fair;
    const unit = HADOOP_UNIT[type];
    return Math.ceil((base / unit) * share) * unit;
  };
  return { memory: of('memory'), vcores: of('vcores') };
}

/** Whether an AM of `am` may start in a queue whose AMs hold `amUsage` (canRunAppAM). */
export function canRunAppAM(amUsage: Resources, am: Resources, limit: AmShareLimit): boolean {
  if (Math.abs(limit.maxAmShare + 1) < 0.0001) return true;
  const max = maxAmResource(limit);
  return amUsage.memory + am.memory <= max.memory && amUsage.vcores + am.vcores <= max.vcores;
}
