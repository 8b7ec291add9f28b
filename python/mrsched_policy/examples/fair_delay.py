"""Fair sharing between pools with delay scheduling, in the manner of Hadoop's Fair Scheduler
(Zaharia et al., "Delay scheduling", EuroSys 2010); simpler than mrsched's built-in ``fair``.

Each free slot goes to the pool furthest below its share: the fewest running
tasks of the kind per unit of the pool's weight (``pools[].weight`` of the
scenario; 1 for a pool it does not list). Within a pool, jobs go in FIFO
order. A job offered a map slot with no node-local map for the node is
skipped, and starts waiting; after ``--node-delay`` seconds of waiting it may
launch a rack-local map, after ``--rack-delay`` more any map. Launching a
node-local map ends its wait. Reduces have no locality: the first job of the
pool takes the slot.

Its answer depends on the clock (how long a job has waited), so it does not
claim that a decline lasts: mrsched offers every heartbeat.

    python3 -m mrsched_policy.examples.fair_delay [--name NAME] [--node-delay S] [--rack-delay S]
"""
import argparse

from mrsched_policy import NODE_LOCAL, OFF_RACK, RACK_LOCAL, Offer, Policy, serve

#: Seconds a job waits for a node-local map, then for a rack-local one (a few heartbeats each, as the paper advises).
NODE_DELAY = 5.0
RACK_DELAY = 5.0


class FairDelay(Policy):
    name = "fair-delay"
    summary = "Fair sharing between pools by weight, FIFO inside a pool, delay scheduling for map locality (Python)."
    declines_until_state_changes = False
    #: It keeps books on events (pools, waits) but kills and wakes nothing on them.
    events_need_answers = False
    node_delay = NODE_DELAY
    rack_delay = RACK_DELAY

    def __init__(self, setup):
        super().__init__(setup)
        self.weights = {pool["id"]: pool["weight"] for pool in setup.pools}
        #: Each submitted job's pool and its FIFO key.
        self.pool_of = {}
        self.fifo_key = {}
        #: When each job skipped its first slot for want of locality (absent: not waiting).
        self.waiting_since = {}

    def on_job_submitted(self, job):
        self.pool_of[job.index] = job.pool
        self.fifo_key[job.index] = (job.priority_rank, job.submit_time, job.index)

    def on_job_finished(self, event):
        self.waiting_since.pop(event.job, None)

    def on_offer(self, offer: Offer):
        node = offer.node
        if node.free_map_slots > 0 and self.launch_map(offer):
            return
        if node.free_reduce_slots > 0:
            self.launch_reduce(offer)

    def pools_by_need(self, offer, kind):
        """The active jobs that have a task of ``kind``, by pool, pools furthest below their share first."""
        running = {}
        jobs_of = {}
        for job in offer.jobs:
            pool = self.pool_of[job.index]
            running[pool] = running.get(pool, 0) + (job.running_maps if kind == "map" else job.running_reduces)
            if job.has_task_for(kind):
                jobs_of.setdefault(pool, []).append(job)
        pools = sorted(jobs_of, key=lambda pool: (running[pool] / self.weights.get(pool, 1), pool))
        return [sorted(jobs_of[pool], key=lambda job: self.fifo_key[job.index]) for pool in pools]

    def launch_map(self, offer):
        for jobs in self.pools_by_need(offer, "map"):
            for job in jobs:
                level = self.allowed_level(job.index)
                task = self.find_map(job, level)
                if task < 0:
                    self.waiting_since.setdefault(job.index, self.now)
                    continue
                if self.find_map(job, NODE_LOCAL) == task:
                    self.waiting_since.pop(job.index, None)
                self.launch("map", job.index, task)
                return True
        return False

    def launch_reduce(self, offer):
        for jobs in self.pools_by_need(offer, "reduce"):
            for job in jobs:
                task = self.find_reduce(job)
                if task >= 0:
                    self.launch("reduce", job.index, task)
                    return True
        return False

    def allowed_level(self, job):
        """How far from its input a job may run now, by how long it has waited."""
        since = self.waiting_since.get(job)
        if since is None or self.now - since < self.node_delay:
            return NODE_LOCAL
        return RACK_LOCAL if self.now - since < self.node_delay + self.rack_delay else OFF_RACK


def main():
    parser = argparse.ArgumentParser(description="Serve the fair-delay policy to mrsched over stdin and stdout (mrsched --scheduler-process).")
    parser.add_argument("--name", default=FairDelay.name, help=f"the name its runs go by (default {FairDelay.name})")
    parser.add_argument("--node-delay", type=float, default=NODE_DELAY, help=f"seconds a job waits for a node-local map (default {NODE_DELAY})")
    parser.add_argument("--rack-delay", type=float, default=RACK_DELAY, help=f"seconds more it waits for a rack-local one (default {RACK_DELAY})")
    args = parser.parse_args()
    policy = type("FairDelay", (FairDelay,), {"node_delay": args.node_delay, "rack_delay": args.rack_delay})
    serve(policy, name=args.name)


if __name__ == "__main__":
    main()
