/** The storage of an imported SWIM trace, which states none: HDFS blocks of `blockSize` with `replication` replicas. */
import type { ScenarioFile } from '../../input/scenario-file.js';
import type { SwimSettings } from './swim-options.js';

export function swimStorage(settings: SwimSettings): ScenarioFile['storage'] {
  return { blockSize: settings.blockSize, replication: settings.replication };
}
