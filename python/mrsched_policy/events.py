"""What mrsched tells a policy, as typed values (docs/decision-protocol.md).

Each message's fields become a dataclass here, built from the JSON as it
arrives; field names follow the protocol's, in Python's spelling. Read
them, do not change them: they are what mrsched said (not frozen, as a
frozen dataclass takes twice as long to build, and an offer builds one per
active job).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

#: Map locality levels, best first, as the protocol names them; an index into ``JobOnNode.find_map``.
NODE_LOCAL, RACK_LOCAL, OFF_RACK = 0, 1, 2
#: The protocol's names of the levels, by level.
LOCALITY_NAMES = ("node", "rack", "off-rack")


@dataclass
class Node:
    """A node of the cluster as configured (the run message)."""

    index: int
    id: str
    rack: str
    rack_index: int
    map_slots: int
    reduce_slots: int
    total_slots: int
    slot_model: str
    memory: float
    vcores: float
    speed: float

    @staticmethod
    def of(m: dict) -> "Node":
        return Node(m["index"], m["id"], m["rack"], m["rackIndex"], m["mapSlots"], m["reduceSlots"], m["totalSlots"], m["slotModel"], m["memory"], m["vcores"], m["speed"])


@dataclass
class RunSetup:
    """A run's start: the scheduler's name and options, the cluster, users, pools and settings (as sent)."""

    name: str
    options: dict
    racks: list
    nodes: list  # of Node
    users: list  # of dict, as sent
    pools: list  # of dict, as sent; a limit that is infinite is None
    settings: dict

    @staticmethod
    def of(m: dict) -> "RunSetup":
        return RunSetup(m["name"], m["options"], m["racks"], [Node.of(n) for n in m["nodes"]], m["users"], m["pools"], m["settings"])


@dataclass
class MapTask:
    input_bytes: float
    #: Indices of the nodes holding a replica of the map's input block.
    replicas: list


@dataclass
class Job:
    """A job as submitted (the jobSubmitted event)."""

    index: int
    id: str
    user: str
    pool: str
    submit_time: float
    weight: float
    priority: str
    #: 0 = VERY_HIGH … 4 = VERY_LOW: sort ascending for most urgent first.
    priority_rank: int
    map_count: int
    reduce_count: int
    maps: list  # of MapTask
    map_container: dict
    reduce_container: dict

    @staticmethod
    def of(m: dict) -> "Job":
        maps = [MapTask(t["inputBytes"], t["replicas"]) for t in m["maps"]]
        return Job(m["index"], m["id"], m["user"], m["pool"], m["submitTime"], m["weight"], m["priority"], m["priorityRank"], m["mapCount"], m["reduceCount"], maps, m["mapContainer"], m["reduceContainer"])


@dataclass
class TaskStarted:
    """A task the policy launched has started; ``locality`` is 'node', 'rack' or 'off-rack' for a map, None for a reduce."""

    job: int
    kind: str
    task: int
    node: int
    locality: Optional[str]


@dataclass
class TaskEnded:
    """An attempt has ended: ``status`` is 'succeeded', 'failed' or 'killed'; ``duration`` is end − start, as measured."""

    job: int
    kind: str
    task: int
    attempt: int
    node: int
    start: float
    end: float
    duration: float
    status: str


@dataclass
class JobFinished:
    job: int


@dataclass
class NodeFailed:
    node: int


@dataclass
class NodeRecovered:
    node: int


def event_of(m: dict):
    """The typed event of one entry of a message's ``events``."""
    kind = m["event"]
    if kind == "jobSubmitted":
        return Job.of(m["job"])
    if kind == "taskStarted":
        return TaskStarted(m["job"], m["kind"], m["task"], m["node"], m["locality"])
    if kind == "taskEnded":
        return TaskEnded(m["job"], m["kind"], m["task"], m["attempt"], m["node"], m["start"], m["end"], m["duration"], m["status"])
    if kind == "jobFinished":
        return JobFinished(m["job"])
    if kind == "nodeFailed":
        return NodeFailed(m["node"])
    if kind == "nodeRecovered":
        return NodeRecovered(m["node"])
    raise ValueError(f"unknown event {kind!r}")


@dataclass
class NodeState:
    """The offering node now."""

    index: int
    alive: bool
    running_maps: int
    running_reduces: int
    running_ams: int
    free_map_slots: int
    free_reduce_slots: int
    free_memory: float
    free_vcores: float


@dataclass
class ClusterState:
    """The cluster now, as the policy port counts it."""

    map_capacity: int
    reduce_capacity: int
    live_nodes: int
    memory_capacity: float
    vcore_capacity: float
    runnable_maps: int
    runnable_reduces: int
    state_version: int


@dataclass
class JobOnNode:
    """An active job's progress now, and what the port's look-ups would launch of it on the offering node (-1: nothing)."""

    index: int
    pending_maps: int
    running_maps: int
    succeeded_maps: int
    pending_reduces: int
    running_reduces: int
    succeeded_reduces: int
    may_back_up_map: bool
    has_runnable_reduce: bool
    may_back_up_reduce: bool
    first_start: Optional[float]
    #: The map findMap gives at NODE_LOCAL, RACK_LOCAL and OFF_RACK (index by those constants; with no map
    #: pending, a backup at OFF_RACK); None where the offer leaves it out (ask with Policy.find_map).
    find_map: Optional[list]
    #: The reduce findReduce gives (a backup with none runnable); None where the offer leaves it out (ask with Policy.find_reduce).
    find_reduce: Optional[int]

    def has_task_for(self, kind: str) -> bool:
        """Whether a slot of ``kind`` offered to the job may launch something (mrsched's hasTaskFor)."""
        if kind == "map":
            return self.pending_maps > 0 or (self.running_maps > 0 and self.may_back_up_map)
        return self.has_runnable_reduce or (self.running_reduces > 0 and self.pending_reduces == 0 and self.may_back_up_reduce)


@dataclass
class Offer:
    """A node offering its free slots: ``heartbeat`` numbers the heartbeat (an offer repeated in it keeps the number)."""

    time: float
    heartbeat: int
    node: NodeState
    cluster: ClusterState
    jobs: list  # of JobOnNode, in submission order

    @staticmethod
    def of(m: dict) -> "Offer":
        n, c = m["node"], m["cluster"]
        node = NodeState(n["index"], n["alive"], n["runningMaps"], n["runningReduces"], n["runningAMs"], n["freeMapSlots"], n["freeReduceSlots"], n["freeMemory"], n["freeVcores"])
        cluster = ClusterState(c["mapCapacity"], c["reduceCapacity"], c["liveNodes"], c["memoryCapacity"], c["vcoreCapacity"], c["runnableMaps"], c["runnableReduces"], c["stateVersion"])
        jobs = [
            JobOnNode(j["index"], j["pendingMaps"], j["runningMaps"], j["succeededMaps"], j["pendingReduces"], j["runningReduces"], j["succeededReduces"], j["mayBackUpMap"], j["hasRunnableReduce"], j["mayBackUpReduce"], j["firstStart"], j["findMap"], j["findReduce"])
            for j in m["jobs"]
        ]
        return Offer(m["time"], m["heartbeat"], node, cluster, jobs)
