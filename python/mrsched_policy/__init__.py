"""Scheduling policies for mrsched in Python, over its decision protocol (docs/decision-protocol.md),
and mrsched's results as pandas DataFrames (``load``, which needs pandas)."""
from .events import NODE_LOCAL, OFF_RACK, RACK_LOCAL, ClusterState, Job, JobFinished, JobOnNode, MapTask, Node, NodeFailed, NodeRecovered, NodeState, Offer, RunSetup, TaskEnded, TaskStarted
from .policy import Policy
from .protocol import PROTOCOL_VERSION, main, serve


def load(directory):
    """mrsched's results in ``directory`` as pandas DataFrames (``results.load``; imported here only when used, as it needs pandas)."""
    from .results import load as load_results

    return load_results(directory)

__all__ = [
    "NODE_LOCAL", "RACK_LOCAL", "OFF_RACK", "PROTOCOL_VERSION",
    "ClusterState", "Job", "JobFinished", "JobOnNode", "MapTask", "Node", "NodeFailed", "NodeRecovered", "NodeState", "Offer", "RunSetup", "TaskEnded", "TaskStarted",
    "Policy", "load", "main", "serve",
]
