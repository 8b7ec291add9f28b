/** The configuration directories of the hadoop-conf tests (NOTICE.md beside them says where the Hadoop ones come from). */
import { fileURLToPath } from 'node:url';

const here = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));

export const CONF_DIRS = {
  /** The Fair Scheduler documentation's allocation file, with a small yarn-site, mapred-site and rack table. */
  fairDoc: here('fair-doc'),
  /** The capacity-scheduler.xml Hadoop ships. */
  capacityShipped: here('capacity-shipped'),
  /** The Capacity Scheduler documentation's queue example. */
  capacityHierarchy: here('capacity-hierarchy'),
};
