"""The base class of a policy, in the spirit of pybatsim's schedulers.

Subclass ``Policy``, override the ``on_*`` methods you need, and answer with
``launch``, ``kill`` and ``wake_at``. mrsched builds one instance per run
(``__init__`` receives the run's setup), tells it an instant's events in
order, then asks it about the wake or the offer of that instant.
"""
from __future__ import annotations

from .events import LOCALITY_NAMES, OFF_RACK, Job, JobFinished, JobOnNode, NodeFailed, NodeRecovered, Offer, RunSetup, TaskEnded, TaskStarted


class Policy:
    #: The name the runs go by (mrsched's --scheduler-process says it in its outputs).
    name = "policy"
    #: One line for ``mrsched schedulers``.
    summary = ""
    #: True when an offer declined would be declined again until the state changes
    #: (mrsched's Policy.declinesUntilStateChanges): mrsched then skips such offers.
    declines_until_state_changes = False
    #: False when the policy decides nothing (no kill, no wake) on events alone: mrsched then sends
    #: an instant's events with the next offer or wake instead of a message of their own, a saving.
    events_need_answers = True

    def __init__(self, setup: RunSetup):
        self.setup = setup
        #: The current simulated time, seconds.
        self.now = 0.0
        self._decisions: list = []
        self._offer: Offer | None = None
        #: Asks mrsched a look-up during an offer (set by the protocol's loop).
        self._ask = None

    # ---- what happens (override what you need) ----

    def on_job_submitted(self, job: Job) -> None:
        pass

    def on_task_started(self, event: TaskStarted) -> None:
        pass

    def on_task_ended(self, event: TaskEnded) -> None:
        pass

    def on_job_finished(self, event: JobFinished) -> None:
        pass

    def on_node_failed(self, event: NodeFailed) -> None:
        pass

    def on_node_recovered(self, event: NodeRecovered) -> None:
        pass

    def on_wake(self) -> None:
        """A time asked for with ``wake_at`` has come."""

    def on_offer(self, offer: Offer) -> None:
        """A node offers its free slots: launch on it with ``launch``, or launch nothing to decline."""

    # ---- the port's look-ups on the offering node (during on_offer) ----

    def find_map(self, job: JobOnNode, level: int = OFF_RACK) -> int:
        """The pending map of ``job`` with locality no worse than ``level`` on the offering node, or -1.

        The offer carries the answer (at OFF_RACK, for a job with no map
        pending, a running map to back up, with speculative execution); mrsched
        is asked where it does not (``find_map`` None). Asking changes nothing
        in the run.
        """
        if job.find_map is not None:
            return job.find_map[level]
        return self._look_up({"type": "findMap", "job": job.index, "level": LOCALITY_NAMES[level]})

    def find_reduce(self, job: JobOnNode) -> int:
        """A reduce of ``job`` to launch on the offering node (a backup, with speculative execution), or -1."""
        if job.find_reduce is not None:
            return job.find_reduce
        return self._look_up({"type": "findReduce", "job": job.index})

    def may_back_up(self, kind: str) -> bool:
        """Whether some active job may back up a task of ``kind`` now, asked of mrsched (the offer's jobs carry it job by job)."""
        return self._look_up({"type": "mayBackUp", "kind": kind})

    def _look_up(self, query: dict):
        if self._offer is None:
            raise RuntimeError("a look-up outside on_offer: the port answers them on the offering node only")
        return self._ask(query)

    # ---- decisions ----

    def launch(self, kind: str, job: int, task: int) -> None:
        """Launch ``kind`` ('map' or 'reduce') ``task`` of job index ``job`` on the offering node."""
        if self._offer is None:
            raise RuntimeError("launch outside on_offer: tasks launch only on a node that offers its slots")
        self._decisions.append({"do": "launch", "kind": kind, "job": job, "task": task})

    def kill(self, kind: str, job: int, task: int) -> None:
        """Kill the running attempt of a task (it runs again later)."""
        self._decisions.append({"do": "kill", "kind": kind, "job": job, "task": task})

    def wake_at(self, time: float) -> None:
        """Have ``on_wake`` called at simulated ``time`` (now or later)."""
        self._decisions.append({"do": "wake", "at": time})
