/**
 * Which jobs are runs of the same recurring job, for estimates learned across
 * them (the DMRS paper's execution database holds earlier runs of the same
 * job). A JobTracker knows a job by its name; recurring jobs keep the name
 * and differ by a running number or a date at its end, as a stream's jobs do
 * here (`query-017`, `query-018`: its prefix and a running number). So a
 * job's recurring name is its id less the digits it ends with; an id without
 * them (`nightly-report`) is its own recurring name, which a previous run's
 * job of that id shares.
 */

/** The name the runs of a recurring job share: `id` without its trailing digits. */
export function recurringJobName(id: string): string {
  return id.replace(/\d+$/, '');
}
