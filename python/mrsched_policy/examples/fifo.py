"""Hadoop's default scheduler, as mrsched's built-in ``fifo`` runs it (without its hadoop1Limits option).

Jobs in one queue by priority, then submit time, then submission order. Each
free map slot goes to the first job with a map to run, which takes its most
local pending map (the port's findMap at OFF_RACK: node-local, else
rack-local, else any). Then at most one reduce per heartbeat, to the first
job whose reduce the port finds for the node.

One launch per answer (mrsched offers the node again after a launch), maps
first, so that the launches come in the built-in's order. Whether backups
may start is read from the offer's jobs, not asked; a job's task is found
once per heartbeat (a job that had none is passed over until the next), as
the built-in does.

    python3 -m mrsched_policy.examples.fifo [--name NAME]
"""
from mrsched_policy import Offer, Policy, main

#: Hadoop 1 JobQueueTaskScheduler: "we _never_ assign more than 1 reduce task per heartbeat".
REDUCES_PER_HEARTBEAT = 1


class Fifo(Policy):
    name = "fifo"
    summary = "Hadoop's default, in Python: jobs by priority then submit time; the first job's most local map."
    #: As the built-in (its queue order does not say its declines last): every heartbeat is offered.
    declines_until_state_changes = False
    #: It only reads the jobs' order from their submissions, before the offers that show them.
    events_need_answers = False

    def __init__(self, setup):
        super().__init__(setup)
        #: (priority rank, submit time, index) of each job submitted: the queue's order.
        self.order = {}
        self.heartbeat = None

    def on_job_submitted(self, job):
        self.order[job.index] = (job.priority_rank, job.submit_time, job.index)

    def on_offer(self, offer: Offer):
        if offer.heartbeat != self.heartbeat:
            self.begin_heartbeat(offer)
        node, cluster = offer.node, offer.cluster
        queue = sorted(offer.jobs, key=lambda job: self.order[job.index])
        if self.filling_maps is None:
            self.filling_maps = node.free_map_slots > 0 and (cluster.runnable_maps > 0 or any(job.may_back_up_map for job in offer.jobs))
        if self.filling_maps and node.free_map_slots > 0 and self.launch_first(queue, "map"):
            return
        self.filling_maps = False
        if self.filling_reduces is None:
            self.filling_reduces = node.free_reduce_slots > 0 and (cluster.runnable_reduces > 0 or any(job.may_back_up_reduce for job in offer.jobs))
        if self.filling_reduces and self.reduces_launched < REDUCES_PER_HEARTBEAT and node.free_reduce_slots > 0 and self.launch_first(queue, "reduce"):
            self.reduces_launched += 1

    def begin_heartbeat(self, offer):
        self.heartbeat = offer.heartbeat
        self.filling_maps = self.filling_reduces = None
        self.reduces_launched = 0
        #: Jobs that had no task of a kind for the node: passed over for the rest of the heartbeat.
        self.declined = {"map": set(), "reduce": set()}

    def launch_first(self, queue, kind):
        """Launches a task of the first job in the queue that has one of ``kind`` for the node; whether one launched."""
        declined = self.declined[kind]
        for job in queue:
            if job.index in declined or not job.has_task_for(kind):
                continue
            task = self.find_map(job) if kind == "map" else self.find_reduce(job)
            if task >= 0:
                self.launch(kind, job.index, task)
                return True
            declined.add(job.index)
        return False


if __name__ == "__main__":
    main(Fifo)
