/**
 * Hadoop's tests count memory in MB (mebibytes); the model counts bytes.
 * Every case restated from them goes through these two helpers.
 */
import type { Resources } from '../../../../model/resources.js';
import { HADOOP_UNIT } from '../resource-type.js';

export function mb(megabytes: number): number {
  return megabytes * HADOOP_UNIT.memory;
}

export function resources(megabytes: number, vcores = 0): Resources {
  return { memory: mb(megabytes), vcores };
}
