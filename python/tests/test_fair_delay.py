"""The fair-delay example on offers written out by hand: shares between pools, and the wait for locality."""
import unittest

from mrsched_policy.events import ClusterState, Job, JobFinished, JobOnNode, NodeState, Offer, RunSetup
from mrsched_policy.examples.fair_delay import FairDelay

SETUP = RunSetup("fair-delay", {}, ["r1"], [], [], [{"id": "a", "weight": 1}, {"id": "b", "weight": 2}], {})


def job(index, pool, submit=0.0):
    return Job(index, f"j{index}", "u", pool, submit, 1, "NORMAL", 2, 4, 1, [], {}, {})


def on_node(index, running_maps=0, find_map=(0, 0, 0)):
    return JobOnNode(index, 2, running_maps, 0, 1, 0, 0, False, False, False, None, list(find_map), None)


def offer(time, jobs):
    node = NodeState(0, True, 0, 0, 0, 1, 0, 0, 0)
    return Offer(time, 1, node, ClusterState(4, 4, 2, 0, 0, 4, 0, 1), jobs)


def decide(policy, time, jobs):
    policy.now, policy._decisions = time, []
    policy._offer = offer(time, jobs)
    policy.on_offer(policy._offer)
    policy._offer = None
    return policy._decisions


class FairDelayTest(unittest.TestCase):
    def test_the_slot_goes_to_the_pool_furthest_below_its_weighted_share(self):
        policy = FairDelay(SETUP)
        policy.on_job_submitted(job(0, "a"))
        policy.on_job_submitted(job(1, "b", submit=1.0))
        # Pool a runs 2 maps (2 per unit of weight), pool b 3 (1.5 per unit): b is further below its share.
        decisions = decide(policy, 5.0, [on_node(0, running_maps=2), on_node(1, running_maps=3)])
        self.assertEqual(decisions, [{"do": "launch", "kind": "map", "job": 1, "task": 0}])

    def test_a_job_waits_for_a_local_map_then_takes_a_rack_local_one_then_any(self):
        policy = FairDelay(SETUP)
        policy.on_job_submitted(job(0, "a"))
        rack_only = [on_node(0, find_map=(-1, 3, 3))]
        self.assertEqual(decide(policy, 10.0, rack_only), [])
        self.assertEqual(decide(policy, 10.0 + FairDelay.node_delay - 0.5, rack_only), [])
        self.assertEqual(decide(policy, 10.0 + FairDelay.node_delay, rack_only), [{"do": "launch", "kind": "map", "job": 0, "task": 3}])
        off_rack = [on_node(0, find_map=(-1, -1, 7))]
        self.assertEqual(decide(policy, 10.0 + FairDelay.node_delay + 1, off_rack), [])
        self.assertEqual(decide(policy, 10.0 + FairDelay.node_delay + FairDelay.rack_delay, off_rack), [{"do": "launch", "kind": "map", "job": 0, "task": 7}])

    def test_a_local_launch_ends_the_wait(self):
        policy = FairDelay(SETUP)
        policy.on_job_submitted(job(0, "a"))
        decide(policy, 10.0, [on_node(0, find_map=(-1, 3, 3))])
        decide(policy, 11.0, [on_node(0, find_map=(2, 2, 2))])
        self.assertNotIn(0, policy.waiting_since)
        policy.on_job_finished(JobFinished(0))
        self.assertEqual(policy.waiting_since, {})


if __name__ == "__main__":
    unittest.main()
