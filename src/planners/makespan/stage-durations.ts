/**
 * How long a job's stage takes on a number of slots, in the two ways the
 * makespan papers estimate it:
 *
 * - standalone (Verma, Cherkasova, Campbell; Tian's Table I): the stage as
 *   measured while the job had the slots it requested. On fewer slots it
 *   slows down: in proportion (T·req/slots) when only the stage duration is
 *   known, by waves of its tasks (each task to the earliest free slot) when
 *   per-task durations are known. It never uses more slots than it requested.
 * - spread over every slot (UAAS's re-split; the work/slots estimate seed 000
 *   attributes to MK_JR): the stage's work, in slot-time, divided by the slots.
 *   The work is duration × requested slots, or the sum of the task durations.
 */
import { MinHeap } from '../../util/min-heap.js';
import { mapStage, reduceStage, type MakespanJob, type Stage } from './problem.js';

/** The stage's work in slot-time: its duration times the slots it was measured on, or its tasks' sum. */
export function stageWork(stage: Stage): number {
  if (stage.tasks === undefined) return stage.duration! * stage.slots;
  let sum = 0;
  for (const t of stage.tasks) sum += t;
  return sum;
}

/** The stage's work divided over `slots` slots (perfectly divisible work). */
export function spreadDuration(stage: Stage, slots: number): number {
  // Multiply before dividing: 4·20/30 is the double nearest 8/3, as 4·(20/30) need not be.
  return stageWork(stage) / slots;
}

/** The stage on `available` slots, using at most the slots it requested. */
export function standaloneDuration(stage: Stage, available: number): number {
  if (stage.tasks !== undefined) return listScheduleLength(stage.tasks, Math.min(stage.slots, available));
  return available >= stage.slots ? stage.duration! : (stage.duration! * stage.slots) / available;
}

/** When the last of `tasks`, each put in turn on the slot that frees first, ends on `slots` slots. */
export function listScheduleLength(tasks: readonly number[], slots: number): number {
  if (slots >= tasks.length) return tasks.reduce((max, t) => Math.max(max, t), 0);
  const free = new SlotHeap(slots);
  let end = 0;
  for (const t of tasks) {
    const finish = free.earliest() + t;
    free.replaceEarliest(finish);
    if (finish > end) end = finish;
  }
  return end;
}

/** Free times of identical slots, the earliest on top (ties: the lowest slot number), all free at 0 at first. */
export class SlotHeap {
  private readonly heap: MinHeap;

  constructor(slots: number) {
    this.heap = new MinHeap(slots);
    for (let slot = 0; slot < slots; slot++) this.heap.push(0, slot, slot);
  }

  earliest(): number {
    return this.heap.peekKey();
  }

  earliestSlot(): number {
    return this.heap.peekValue();
  }

  /** The earliest slot is busy until `time`. */
  replaceEarliest(time: number): void {
    const slot = this.heap.peekValue();
    this.heap.replaceTop(time, slot, slot);
  }
}

/** Map and reduce durations of every job, indexed like the jobs. */
export interface JobDurations {
  readonly map: Float64Array;
  readonly reduce: Float64Array;
}

// standaloneDurations and spreadDurations are two loops on purpose: one loop taking the stage duration as a
// parameter keeps V8 from inlining it (and from removing the Stage objects), which slows large batches markedly.

/** Every job standalone on `mapSlots` × `reduceSlots` slots. */
export function standaloneDurations(jobs: readonly MakespanJob[], mapSlots: number, reduceSlots: number): JobDurations {
  const map = new Float64Array(jobs.length);
  const reduce = new Float64Array(jobs.length);
  jobs.forEach((job, i) => {
    map[i] = standaloneDuration(mapStage(job), mapSlots);
    reduce[i] = standaloneDuration(reduceStage(job), reduceSlots);
  });
  return { map, reduce };
}

/** Every job's work spread over all `mapSlots` × `reduceSlots` slots. */
export function spreadDurations(jobs: readonly MakespanJob[], mapSlots: number, reduceSlots: number): JobDurations {
  const map = new Float64Array(jobs.length);
  const reduce = new Float64Array(jobs.length);
  jobs.forEach((job, i) => {
    map[i] = spreadDuration(mapStage(job), mapSlots);
    reduce[i] = spreadDuration(reduceStage(job), reduceSlots);
  });
  return { map, reduce };
}
