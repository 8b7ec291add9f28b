/**
 * Slots per node inferred from a Rumen trace, which records none: a host's
 * map slots are the most map attempts (of any result: a failed or killed
 * attempt held its slot too) that ran on it at once, and likewise its reduce
 * slots; a YARN cluster that ran 8 maps at once per host gets 8, not Hadoop
 * 1's default of 2. A peak is a lower bound (the host may never have been
 * full); a host with no timed attempt of a kind gets the highest peak of any
 * host (clusters are mostly uniform), and a trace with none at all Hadoop 1's
 * default, 2. Given as an option, a number replaces the inference.
 */
import { peakConcurrency } from '../peak-concurrency.js';
import type { RumenJob } from './rumen-job.js';

/** Hadoop 1's default slots per node (mapred.tasktracker.{map,reduce}.tasks.maximum). */
export const HADOOP_DEFAULT_SLOTS = 2;

type Kind = 'map' | 'reduce';

export interface NodeSlots {
  readonly mapSlots: number;
  readonly reduceSlots: number;
}

/** How the slots of each kind were found, for the notes. */
export interface SlotInference {
  /** Hosts whose own peak gave the slots. */
  readonly measured: number;
  /** Hosts that ran no timed attempt of the kind and got the highest peak. */
  readonly filled: number;
  /** The highest peak over hosts; 0 when the trace times no attempt of the kind. */
  readonly highest: number;
}

/** The timed attempts of each host, by kind, gathered job by job. */
export class HostAttempts {
  private readonly spans = new Map<string, Record<Kind, { starts: number[]; ends: number[] }>>();

  add(job: RumenJob): void {
    for (const [kind, tasks] of [['map', job.mapTasks], ['reduce', job.reduceTasks]] as const) {
      for (const task of tasks) {
        for (const attempt of task.attempts) {
          if (attempt.host === undefined || attempt.startTime === undefined || attempt.finishTime === undefined) continue;
          let host = this.spans.get(attempt.host.host);
          if (host === undefined) {
            host = { map: { starts: [], ends: [] }, reduce: { starts: [], ends: [] } };
            this.spans.set(attempt.host.host, host);
          }
          host[kind].starts.push(attempt.startTime);
          host[kind].ends.push(attempt.finishTime);
        }
      }
    }
  }

  /** Each host's peak of the kind (0 for a host with no timed attempt of it). */
  peaks(hosts: readonly string[], kind: Kind): number[] {
    return hosts.map((host) => {
      const spans = this.spans.get(host)?.[kind];
      return spans === undefined ? 0 : peakConcurrency(spans.starts, spans.ends);
    });
  }
}

/** The slots of one kind per host: its peak, else the highest peak, else Hadoop's default. */
export function inferSlots(peaks: readonly number[]): { slots: number[]; inference: SlotInference } {
  const highest = peaks.reduce((max, p) => Math.max(max, p), 0);
  const fill = highest > 0 ? highest : HADOOP_DEFAULT_SLOTS;
  return {
    slots: peaks.map((p) => (p > 0 ? p : fill)),
    inference: { measured: peaks.filter((p) => p > 0).length, filled: peaks.filter((p) => p === 0).length, highest },
  };
}
