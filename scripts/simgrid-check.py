#!/usr/bin/python3
"""The transfers of mrsched's network cross-check, run by SimGrid.

Reads from stdin a JSON object {"capacities": [bytes/s per resource],
"transfers": [{"resources": [...], "bytes": n, "start": s, "bound": b or null}]}
and prints the completion time of each transfer, in order, as a JSON list.

Each resource becomes a shared link of that bandwidth; each transfer a
communication between two hosts of its own whose route is its resources'
links, plus a private link of its bound when it has one (SimGrid 3.32
cannot bound a host-to-host communication's rate otherwise). SimGrid runs its
CM02 model (max-min sharing, no bandwidth or latency factors) with zero
latencies and the TCP window bound off (TCP-gamma 0), the flow-level model
mrsched's src/sim/fair-share.ts implements. Needs Debian's python3-simgrid
(3.32), which Debian builds for its own /usr/bin/python3.
"""
import json
import sys

from simgrid import Actor, Comm, Engine, LinkInRoute, NetZone, this_actor


def main():
    case = json.load(sys.stdin)
    engine = Engine(["simgrid-check", "--cfg=network/model:CM02", "--cfg=network/TCP-gamma:0",
                     "--cfg=network/crosstraffic:0", "--log=root.thres:critical"])
    zone = NetZone.create_full_zone("cluster")
    links = [zone.create_link(f"r{i}", float(c)).set_latency(0).seal() for i, c in enumerate(case["capacities"])]
    pairs = []
    for k, transfer in enumerate(case["transfers"]):
        source = zone.create_host(f"s{k}", 1e9)
        target = zone.create_host(f"t{k}", 1e9)
        route = [LinkInRoute(links[r]) for r in transfer["resources"]]
        if transfer.get("bound") is not None:
            route.append(LinkInRoute(zone.create_link(f"bound{k}", float(transfer["bound"])).set_latency(0).seal()))
        zone.add_route(source.netpoint, target.netpoint, None, None, route, False)
        pairs.append((source, target))
    zone.seal()
    done = [None] * len(pairs)

    def copy(k, start, size):
        this_actor.sleep_until(start)
        Comm.sendto_async(pairs[k][0], pairs[k][1], size).wait()
        done[k] = engine.clock

    for k, transfer in enumerate(case["transfers"]):
        Actor.create(f"copy{k}", pairs[k][0], copy, k, float(transfer["start"]), int(transfer["bytes"]))
    engine.run()
    json.dump(done, sys.stdout)


if __name__ == "__main__":
    main()
