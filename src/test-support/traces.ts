/**
 * The real traces vendored in data/traces/ (see its README), as absolute
 * paths found from this file, so tests read them from any working directory.
 */
import { fileURLToPath } from 'node:url';

const vendored = (file: string): string => fileURLToPath(new URL(`../../data/traces/${file}`, import.meta.url));

export const TRACES = {
  /** SWIM's FB-2009 day: 5,894 jobs over 24 hours. */
  swimDay: vendored('swim/FB-2009_samples_24_times_1hr_0.tsv'),
  /** Its first 50 jobs. */
  swimFirst50: vendored('swim/FB-2009_samples_24_times_1hr_0_first50jobs.tsv'),
  /** One real WordCount job in Rumen format (Apache Hadoop test data). */
  rumenWordcount: vendored('rumen/wordcount.json'),
  /** Two SLS jobs (Apache Hadoop test data). */
  slsJobs: vendored('sls/inputsls.json'),
  /** An SLS topology: one rack of four nodes (Apache Hadoop test data). */
  slsTopology: vendored('sls/nodes-with-resources.json'),
} as const;
