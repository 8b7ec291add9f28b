/**
 * Which attempts fail of themselves (`settings.taskFailures.causes`): a
 * crash, a bad disk, an out-of-memory error. Each attempt launched while any
 * cause is set takes one draw of the seed's `attempt-failures` stream, so
 * that the draws of later attempts do not depend on when earlier ones
 * computed. An attempt fails with one minus the product of its causes'
 * survival chances; a failing attempt fails at a uniform point of its
 * compute (the draw, scaled, gives the point), after any read or shuffle.
 */
import { KIND_MAP } from '../model/run-record.js';
import type { FailureCause } from '../model/scenario.js';
import { randomStream } from '../util/random-streams.js';
import type { Random } from '../util/random.js';

export class AttemptFailures {
  private readonly random: Random | null;
  /** Attempts that will fail, and the share of their compute they fail after; drawn at launch. */
  private readonly share = new Map<number, number>();
  /** Failing attempts that compute, and when they fail. */
  private readonly at = new Map<number, number>();

  constructor(
    private readonly causes: readonly FailureCause[],
    seed: number,
  ) {
    this.random = causes.length === 0 ? null : randomStream(seed, 'attempt-failures');
  }

  /** `attempt` (of `kind`, job `job`) launches on `node`: whether it will fail is drawn. */
  launched(attempt: number, kind: number, job: number, node: number): void {
    if (this.random === null) return;
    let survives = 1;
    for (const cause of this.causes) {
      if (cause.node !== null && cause.node !== node) continue;
      if (cause.job !== null && cause.job !== job) continue;
      if (cause.kind !== null && (cause.kind === 'map') !== (kind === KIND_MAP)) continue;
      survives *= 1 - cause.probability;
    }
    const draw = this.random.next();
    const fails = 1 - survives;
    // Given that the draw is under `fails`, draw / fails is uniform in [0, 1): where in its compute it fails.
    if (draw < fails) this.share.set(attempt, draw / fails);
  }

  /** When `attempt`, computing from `from` until `end`, fails: NaN if it does not. */
  failsAt(attempt: number, from: number, end: number): number {
    const share = this.share.get(attempt);
    if (share === undefined) return NaN;
    this.share.delete(attempt);
    const at = from + share * (end - from);
    this.at.set(attempt, at);
    return at;
  }

  /** Whether `attempt` fails now (a failure event not gone stale); it is forgotten if so. */
  failsNow(attempt: number, now: number): boolean {
    if (this.at.get(attempt) !== now) return false;
    this.at.delete(attempt);
    return true;
  }

  /** `attempt` stopped some other way (its node failed, it was killed). */
  forget(attempt: number): void {
    if (this.random === null) return;
    this.share.delete(attempt);
    this.at.delete(attempt);
  }
}
