import { describe, expect, it } from 'vitest';
import { KIND_MAP, KIND_REDUCE } from '../model/run-record.js';
import { TailJobs, type TailJob } from './tail-jobs.js';

type Job = { -readonly [K in keyof TailJob]: TailJob[K] };

/** The list asked as if its rules had been told something before each question. */
class Tails extends TailJobs {
  private told = 0;
  ask(kind: number): boolean {
    return this.mayBackUp(kind, ++this.told, 100, 0);
  }
}

const job = (index: number, fields: Partial<Job> = {}): Job => ({
  index,
  status: 'unfinished',
  pendingMaps: 0,
  runningMaps: 2,
  pendingReduces: 0,
  runningReduces: 1,
  mayBackUpMap: false,
  mayBackUpReduce: false,
  noHoldsUntil: () => Infinity,
  ...fields,
});

describe('TailJobs', () => {
  it('answers for the jobs added, by kind', () => {
    const tails = new Tails(3);
    const a = job(0);
    const b = job(1, { mayBackUpMap: true });
    tails.add(a, KIND_MAP);
    expect(tails.ask(KIND_MAP)).toBe(false);
    tails.add(b, KIND_REDUCE);
    expect(tails.ask(KIND_MAP)).toBe(false); // b may back up a map, but it is in the reduce tail only
    tails.add(b, KIND_MAP);
    expect(tails.ask(KIND_MAP)).toBe(true);
    expect(tails.ask(KIND_REDUCE)).toBe(false);
  });

  it('drops a job with a task pending again, none running or finished, and takes it back at its next last launch', () => {
    const tails = new Tails(2);
    const a = job(0, { mayBackUpMap: true });
    tails.add(a, KIND_MAP);
    a.pendingMaps = 1; // a map re-run after its node failed
    expect(tails.ask(KIND_MAP)).toBe(false);
    a.pendingMaps = 0; // the re-run launched: no longer listed until added again
    expect(tails.ask(KIND_MAP)).toBe(false);
    tails.add(a, KIND_MAP);
    expect(tails.ask(KIND_MAP)).toBe(true);
    a.runningMaps = 0;
    expect(tails.ask(KIND_MAP)).toBe(false);
    a.runningMaps = 1;
    a.status = 'failed';
    tails.add(a, KIND_MAP);
    expect(tails.ask(KIND_MAP)).toBe(false);
  });

  it('keeps its answer until the rules are told something, the slots change, or the time a no holds to comes', () => {
    const tails = new TailJobs(2);
    let lagAt = 60;
    const a = job(0, { noHoldsUntil: () => lagAt });
    tails.add(a, KIND_MAP);
    expect(tails.mayBackUp(KIND_MAP, 1, 100, 0)).toBe(false);
    a.mayBackUpMap = true;
    expect(tails.mayBackUp(KIND_MAP, 1, 100, 59)).toBe(false); // nothing told, the slots as they were, before the lag
    expect(tails.mayBackUp(KIND_MAP, 1, 100, 60)).toBe(true); // an attempt reached the lag
    a.mayBackUpMap = false;
    expect(tails.mayBackUp(KIND_MAP, 1, 100, 1e9)).toBe(true); // a yes holds until something is told
    expect(tails.mayBackUp(KIND_MAP, 2, 100, 1e9)).toBe(false);
    a.mayBackUpMap = true;
    expect(tails.mayBackUp(KIND_MAP, 2, 99, 1e9)).toBe(true); // a node was lost: the cap moved
    // A no holds until the earliest time any job's no holds to.
    const b = job(1, { noHoldsUntil: () => 30 });
    a.mayBackUpMap = false;
    lagAt = 90;
    tails.add(b, KIND_MAP);
    expect(tails.mayBackUp(KIND_MAP, 3, 99, 0)).toBe(false);
    b.mayBackUpMap = true;
    expect(tails.mayBackUp(KIND_MAP, 3, 99, 29)).toBe(false);
    expect(tails.mayBackUp(KIND_MAP, 3, 99, 30)).toBe(true);
  });

  it('lists a job once however often it is added', () => {
    const tails = new Tails(1);
    const a = job(0, { mayBackUpMap: true });
    tails.add(a, KIND_MAP);
    tails.add(a, KIND_MAP);
    a.pendingMaps = 1;
    tails.ask(KIND_MAP);
    a.pendingMaps = 0;
    // Listed twice, the first pass would have dropped one entry and kept the flag clear for the other.
    expect(tails.ask(KIND_MAP)).toBe(false);
  });
});
