#!/usr/bin/python3
"""A cluster's transfers, rebuilt from its platform and run by SimGrid.

The whole-simulator cross-check (src/experiment/simgrid-cluster-check.test.ts)
runs a scenario through mrsched, turns the attempts it recorded into plain
flows (a map's read or write, one fetch per reduce and source node, a write
through HDFS's pipeline), and hands them here with the cluster they ran on. Nothing of mrsched's network code is used:
the hosts, links and tree routes are built below from the description alone.

Reads from stdin a JSON object:

  {"nodes":    [{"name": "n0", "switch": "r1", "disk": bytes/s, "link": bytes/s}, ...],
   "switches": [{"name": "root", "parent": null, "uplink": null},
                {"name": "r1", "parent": "root", "uplink": bytes/s}, ...],
   "flows":    [{"from": "n0", "to": "n3", "bytes": n, "start": seconds,
                 "via": ["n2", "n3"]  (optional: a pipeline's replicas after "from")}, ...]}

and prints the completion time of each flow, in order, as a JSON list.

The platform: one host per node; per node a link for its disk's reads and
one for each direction of its link to its switch; per switch but the root
one link for each direction of its uplink. A flow from node a to node b
crosses a's disk, a's link up, the uplinks (up) of the switches from a's
switch to the lowest switch above both, the uplinks (down) of the switches
from there to b's switch, and b's link down. A flow from a node to itself
(a node-local read, a write to its own disk) crosses its disk alone. A
pipeline write from a through its replicas v1, v2, ... crosses a's disk, then
for each replica the route from the one before (without that one's disk)
and the replica's disk; it runs to a host of its own, so that its route is
its alone. SimGrid runs its CM02 model
(max-min sharing, no bandwidth or latency factors) with zero latencies, the
TCP window bound off (TCP-gamma 0) and no cross-traffic, as
scripts/simgrid-check.py does. Needs Debian's python3-simgrid (3.32), built
for Debian's own /usr/bin/python3.
"""
import json
import sys

from simgrid import Actor, Comm, Engine, LinkInRoute, NetZone, this_actor


def path_to_root(switch, parent):
    """The switch and its ancestors, the root last."""
    path = [switch]
    while parent[path[-1]] is not None:
        path.append(parent[path[-1]])
    return path


def tree_route(a, b, node_switch, parent):
    """Switches whose uplink a flow from node a to node b crosses, going up, then coming down."""
    up = path_to_root(node_switch[a], parent)
    down = path_to_root(node_switch[b], parent)
    common = next(s for s in up if s in down)
    return up[: up.index(common)], list(reversed(down[: down.index(common)]))


def main():
    case = json.load(sys.stdin)
    engine = Engine(["simgrid-cluster-check", "--cfg=network/model:CM02", "--cfg=network/TCP-gamma:0",
                     "--cfg=network/crosstraffic:0", "--log=root.thres:critical"])
    zone = NetZone.create_full_zone("cluster")

    def link(name, bandwidth):
        return zone.create_link(name, float(bandwidth)).set_latency(0).seal()

    parent = {s["name"]: s["parent"] for s in case["switches"]}
    switch_up = {}
    switch_down = {}
    for s in case["switches"]:
        if s["parent"] is not None:
            switch_up[s["name"]] = link(f"{s['name']}-up", s["uplink"])
            switch_down[s["name"]] = link(f"{s['name']}-down", s["uplink"])
    hosts = {}
    disk = {}
    node_up = {}
    node_down = {}
    node_switch = {}
    for n in case["nodes"]:
        name = n["name"]
        hosts[name] = zone.create_host(name, 1e9)
        disk[name] = link(f"{name}-disk", n["disk"])
        node_up[name] = link(f"{name}-up", n["link"])
        node_down[name] = link(f"{name}-down", n["link"])
        node_switch[name] = n["switch"]

    def route_between(a, b):
        if a == b:
            return [disk[a]]
        ups, downs = tree_route(a, b, node_switch, parent)
        return [disk[a], node_up[a]] + [switch_up[s] for s in ups] + [switch_down[s] for s in downs] + [node_down[b]]

    # Routes only for the pairs the flows use; a pipeline to a host of its own.
    routed = set()
    targets = []
    for k, flow in enumerate(case["flows"]):
        a, b = flow["from"], flow["to"]
        if "via" in flow:
            route = [disk[a]]
            previous = a
            for replica in flow["via"]:
                route += route_between(previous, replica)[1:] + [disk[replica]]
                previous = replica
            target = zone.create_host(f"pipeline{k}", 1e9)
            zone.add_route(hosts[a].netpoint, target.netpoint, None, None, [LinkInRoute(l) for l in route], False)
            targets.append(target)
            continue
        targets.append(hosts[b])
        if (a, b) in routed:
            continue
        routed.add((a, b))
        zone.add_route(hosts[a].netpoint, hosts[b].netpoint, None, None, [LinkInRoute(l) for l in route_between(a, b)], False)
    zone.seal()

    done = [None] * len(case["flows"])

    def transfer(k, source, target, start, size):
        this_actor.sleep_until(start)
        Comm.sendto_async(source, target, size).wait()
        done[k] = engine.clock

    for k, flow in enumerate(case["flows"]):
        source, target = hosts[flow["from"]], targets[k]
        Actor.create(f"flow{k}", source, transfer, k, source, target, float(flow["start"]), round(flow["bytes"]))
    engine.run()
    json.dump(done, sys.stdout)


if __name__ == "__main__":
    main()
