// @ts-check
/** @typedef {import('../../src/index.js').SchedulerFactory} SchedulerFactory */
/** @typedef {import('../../src/index.js').PlacementFactory} PlacementFactory */
/** @template Options @typedef {import('../../src/index.js').ReducePlacementFactory<Options>} ReducePlacementFactory */
/** @typedef {import('../../src/index.js').JobOrder} JobOrder */
/** @typedef {import('../../src/index.js').ReducePlacement} ReducePlacement */
/** @typedef {import('../../src/index.js').JobView} JobView */
/** @typedef {import('../../src/index.js').NodeView} NodeView */
/** @typedef {import('../../src/index.js').ClusterView} ClusterView */
/** @typedef {import('../../src/index.js').Decisions} Decisions */
/** @typedef {import('../../src/index.js').SlotKind} SlotKind */
/** @typedef {import('../../src/index.js').Offer} Offer */

/**
 * A scheduler module written outside mrsched, as a user would write one: a
 * job order (`lifo`: the newest job first) and a reduce placement (`spread`:
 * a job's reduces on different nodes where it can). docs/schedulers.md walks
 * through it.
 *
 *   mrsched simulate --scheduler-module examples/schedulers/lifo.js --scheduler lifo
 *   mrsched compare --scheduler-module examples/schedulers/lifo.js --schedulers fifo,lifo,fifo+spread
 *
 * A scheduler module's default export is a function that mrsched calls with
 * its scheduler module API (`SCHEDULER_MODULE_API`: the parts, the
 * placements, zod, …) and that returns the factories to register:
 * schedulers and placements.
 *
 * In a project of your own, write `import('mrsched')` where this file writes
 * `import('../../src/index.js')` (types only: nothing is imported at run time).
 *
 * @param {import('../../src/index.js').SchedulerModuleApi} mrsched
 * @returns {Array<SchedulerFactory | PlacementFactory>}
 */
export default function register(mrsched) {
  const { composePolicy, z } = mrsched;

  /**
   * Newest job first: every free map slot, and one reduce slot per
   * heartbeat, offered to the jobs from the latest submitted on.
   *
   * @implements {JobOrder}
   */
  class NewestFirst {
    /** @type {JobView[]} */
    jobs = [];

    /** @param {JobView} job */
    onJobSubmitted(job) {
      this.jobs.unshift(job); // jobs arrive in submission order: the newest goes first
    }

    /** @param {JobView} job */
    onJobFinished(job) {
      this.jobs.splice(this.jobs.indexOf(job), 1);
    }

    /**
     * @param {SlotKind} kind
     * @param {NodeView} node
     * @param {ClusterView} _view
     * @param {Offer} offer
     */
    fill(kind, node, _view, offer) {
      const limit = kind === 'map' ? Infinity : 1;
      const free = () => (kind === 'map' ? node.freeMapSlots : node.freeReduceSlots);
      let launched = 0;
      for (const job of this.jobs) {
        // Offer the slot to this job until it declines, or the slots or the heartbeat's limit are used up.
        while (launched < limit && free() > 0 && offer(job)) launched++;
        if (launched === limit || free() === 0) return;
      }
    }
  }

  /**
   * A job's reduce goes to a node that runs none of its reduces yet; a job
   * declines at most `maxSkips` offers (default 3) before it takes any node,
   * so a cluster with few reduce nodes still runs its reduces.
   *
   * @implements {ReducePlacement}
   */
  class Spread {
    /** @type {Map<number, number>} offers declined per job */
    skipped = new Map();

    /** @param {number} maxSkips */
    constructor(maxSkips) {
      this.maxSkips = maxSkips;
    }

    /** @param {JobView} job */
    onJobFinished(job) {
      this.skipped.delete(job.index);
    }

    /**
     * @param {JobView} job
     * @param {NodeView} node
     * @param {ClusterView} view
     * @param {Decisions} decisions
     */
    place(job, node, view, decisions) {
      const task = view.findReduce(job, node);
      if (task < 0) return false;
      const skips = this.skipped.get(job.index) ?? 0;
      let busy = false;
      for (let t = 0; t < job.spec.reduceCount && !busy; t++) busy = view.reduceFetch(job, t)?.node === node.index;
      if (busy && skips < this.maxSkips) {
        this.skipped.set(job.index, skips + 1);
        return false;
      }
      decisions.launchReduce(job, task);
      return true;
    }
  }

  /** @type {SchedulerFactory} */
  const lifo = {
    name: 'lifo',
    summary: 'Newest job first (an example scheduler module).',
    source: 'examples/schedulers/lifo.js',
    // It takes no options: any given under schedulerOptions.lifo is a mistake.
    options: z.strictObject({}),
    optionDescriptions: {},
    // Its placements, which users may swap; mrsched builds them and hands them in the setup.
    placements: { map: 'locality', reduce: 'hadoop' },
    create: (setup) => composePolicy(setup, new NewestFirst()),
  };

  // schedulerOptions.spread: mrsched checks them by this schema and names each bad field, with what it expects.
  const spreadOptions = z.strictObject({ maxSkips: z.number().int().min(0).default(3) });

  /** @type {ReducePlacementFactory<{ maxSkips: number }>} */
  const spread = {
    kind: 'reduce-placement',
    name: 'spread',
    summary: "A job's reduces on different nodes where it can (an example placement).",
    source: 'examples/schedulers/lifo.js',
    options: spreadOptions,
    optionDescriptions: { maxSkips: 'a whole number ≥ 0' },
    create: (setup) => new Spread(setup.options.maxSkips),
  };
  return [lifo, spread];
}
