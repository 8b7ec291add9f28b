"""The protocol loop and the fifo example, on conversations written out by hand (no mrsched needed)."""
import io
import json
import unittest

from mrsched_policy import serve
from mrsched_policy.examples.fifo import Fifo

NODE = {"index": 0, "id": "n0", "rack": "r1", "rackIndex": 0, "mapSlots": 2, "reduceSlots": 1, "totalSlots": 3, "slotModel": "split", "memory": 0, "vcores": 0, "speed": 1}
RUN = {"type": "run", "name": "fifo", "options": {}, "racks": ["r1"], "nodes": [NODE], "users": [], "pools": [], "settings": {}}


def job(index, priority_rank=2, submit=0.0):
    return {"event": "jobSubmitted", "job": {"index": index, "id": f"j{index}", "user": "u", "pool": "p", "submitTime": submit, "weight": 1, "priority": "NORMAL", "priorityRank": priority_rank, "mapCount": 2, "reduceCount": 1, "maps": [{"inputBytes": 1, "replicas": [0]}] * 2, "mapContainer": {"memory": 0, "vcores": 0}, "reduceContainer": {"memory": 0, "vcores": 0}}}


def job_on_node(index, pending_maps=2, running_maps=0, find_map=(0, 0, 0), may_back_up_map=False, has_runnable_reduce=False, find_reduce=None):
    return {"index": index, "pendingMaps": pending_maps, "runningMaps": running_maps, "succeededMaps": 0, "pendingReduces": 1, "runningReduces": 0, "succeededReduces": 0, "mayBackUpMap": may_back_up_map, "hasRunnableReduce": has_runnable_reduce, "mayBackUpReduce": False, "firstStart": None, "findMap": None if find_map is None else list(find_map), "findReduce": find_reduce}


def offer(time, heartbeat, jobs, free_maps=2, free_reduces=1, runnable_maps=2, runnable_reduces=0, events=()):
    return {"type": "offer", "time": time, "events": list(events), "heartbeat": heartbeat, "node": {"index": 0, "alive": True, "runningMaps": 0, "runningReduces": 0, "runningAMs": 0, "freeMapSlots": free_maps, "freeReduceSlots": free_reduces, "freeMemory": 0, "freeVcores": 0}, "cluster": {"mapCapacity": 2, "reduceCapacity": 1, "liveNodes": 1, "memoryCapacity": 0, "vcoreCapacity": 0, "runnableMaps": runnable_maps, "runnableReduces": runnable_reduces, "stateVersion": 1}, "jobs": jobs}


def conversation(*messages):
    """The lines the policy answers ``messages`` with, parsed."""
    stdout = io.BytesIO()
    serve(Fifo, io.BytesIO(b"".join(json.dumps(m).encode() + b"\n" for m in messages)), stdout)
    return [json.loads(line) for line in stdout.getvalue().splitlines()]


class ProtocolTest(unittest.TestCase):
    def test_hello_names_the_policy_and_the_protocol(self):
        self.assertEqual(conversation({"type": "hello", "protocol": 1}), [{"type": "hello", "protocol": 1, "name": "fifo", "summary": Fifo.summary, "declinesUntilStateChanges": False, "eventsNeedAnswers": False}])

    def test_a_run_is_answered_ready_and_an_instant_with_decisions(self):
        answers = conversation(RUN, {"type": "events", "time": 1.0, "events": [job(0)]})
        self.assertEqual(answers, [{"type": "ready"}, {"type": "decisions", "decisions": []}])

    def test_another_protocol_version_is_refused(self):
        with self.assertRaisesRegex(Exception, "protocol 2"):
            conversation({"type": "hello", "protocol": 2})


class FifoTest(unittest.TestCase):
    def test_the_first_job_by_priority_takes_the_slot_one_map_per_answer(self):
        # Job 1 is more urgent (rank 1 < 2) though submitted later: it comes first.
        answers = conversation(RUN, offer(3.0, 1, [job_on_node(0, find_map=(-1, 1, 1)), job_on_node(1, find_map=(0, 0, 0))], events=[job(0), job(1, priority_rank=1, submit=2.0)]))
        self.assertEqual(answers[1]["decisions"], [{"do": "launch", "kind": "map", "job": 1, "task": 0}])

    def test_a_job_that_has_no_map_for_the_node_is_passed_over(self):
        answers = conversation(RUN, offer(3.0, 1, [job_on_node(0, find_map=(-1, -1, -1)), job_on_node(1, find_map=(-1, 1, 1))], events=[job(0), job(1)]))
        self.assertEqual(answers[1]["decisions"], [{"do": "launch", "kind": "map", "job": 1, "task": 1}])

    def test_one_reduce_per_heartbeat_after_the_maps(self):
        ready = job_on_node(0, pending_maps=0, find_map=None, has_runnable_reduce=True, find_reduce=0)
        first = offer(3.0, 7, [ready], free_maps=0, runnable_maps=0, runnable_reduces=1, events=[job(0)])
        again = offer(3.0, 7, [ready], free_maps=0, runnable_maps=0, runnable_reduces=1)
        answers = conversation(RUN, first, again)
        self.assertEqual([a["decisions"] for a in answers[1:]], [[{"do": "launch", "kind": "reduce", "job": 0, "task": 0}], []])

    def test_a_backup_is_read_from_the_offer_when_no_map_is_pending(self):
        # No map pending, a backup possible: whether one may start and which are both in the offer; nothing is asked.
        running = job_on_node(0, pending_maps=0, running_maps=2, find_map=(-1, -1, 1), may_back_up_map=True)
        answers = conversation(RUN, offer(9.0, 1, [running], runnable_maps=0, events=[job(0)]))
        self.assertEqual(answers[1]["decisions"], [{"do": "launch", "kind": "map", "job": 0, "task": 1}])

    def test_a_backup_not_in_the_offer_is_asked_of_mrsched(self):
        # An offer without the look-up's answer (findMap null): fifo asks findMap for the job; mrsched's answer is in the input.
        running = job_on_node(0, pending_maps=0, running_maps=2, find_map=None, may_back_up_map=True)
        stdin = io.BytesIO(b"\n".join(json.dumps(m).encode() for m in [RUN, offer(9.0, 1, [running], runnable_maps=0, events=[job(0)]), {"type": "answer", "value": 1}]) + b"\n")
        stdout = io.BytesIO()
        serve(Fifo, stdin, stdout)
        lines = [json.loads(line) for line in stdout.getvalue().splitlines()]
        self.assertEqual(lines[1:], [{"type": "findMap", "job": 0, "level": "off-rack"}, {"type": "decisions", "decisions": [{"do": "launch", "kind": "map", "job": 0, "task": 1}]}])

if __name__ == "__main__":
    unittest.main()
