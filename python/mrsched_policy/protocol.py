"""The decision protocol's loop on the policy's side (docs/decision-protocol.md).

mrsched writes one JSON message per line to our stdin; each is answered by
one line on our stdout. ``serve`` reads them until stdin closes, building a
fresh policy for each run. While it serves, ``print`` goes to stderr: stdout
carries the protocol only.
"""
from __future__ import annotations

import argparse
import json
import sys

from .events import JobFinished, Job, NodeFailed, NodeRecovered, Offer, RunSetup, TaskEnded, TaskStarted, event_of

#: The protocol version this package speaks.
PROTOCOL_VERSION = 1

_HOOKS = {
    Job: "on_job_submitted",
    TaskStarted: "on_task_started",
    TaskEnded: "on_task_ended",
    JobFinished: "on_job_finished",
    NodeFailed: "on_node_failed",
    NodeRecovered: "on_node_recovered",
}


class ProtocolError(Exception):
    """mrsched sent something this package does not understand (another protocol version)."""


def serve(policy_class, stdin=None, stdout=None, name=None) -> None:
    """Answer mrsched's messages on ``stdin`` (bytes) with ``policy_class`` until stdin closes."""
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout.buffer
    protocol_out, sys.stdout = sys.stdout, sys.stderr
    try:
        _serve(policy_class, stdin, stdout, name or policy_class.name)
    finally:
        sys.stdout = protocol_out


def _serve(policy_class, stdin, stdout, name) -> None:
    def send(message: dict) -> None:
        stdout.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
        stdout.flush()

    def ask(query: dict):
        """A look-up asked in the middle of an offer: mrsched answers it at once."""
        send(query)
        answer = json.loads(stdin.readline())
        if answer.get("type") != "answer":
            raise ProtocolError(f"expected the answer to a {query['type']} look-up, got {answer.get('type')!r}")
        return answer["value"]

    policy = None
    for line in iter(stdin.readline, b""):
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            if message.get("protocol") != PROTOCOL_VERSION:
                raise ProtocolError(f"mrsched speaks protocol {message.get('protocol')!r}, this package {PROTOCOL_VERSION}")
            answer = {"type": "hello", "protocol": PROTOCOL_VERSION, "name": name, "summary": policy_class.summary, "declinesUntilStateChanges": policy_class.declines_until_state_changes, "eventsNeedAnswers": policy_class.events_need_answers}
        elif kind == "run":
            policy = policy_class(RunSetup.of(message))
            policy._ask = ask
            answer = {"type": "ready"}
        elif kind in ("offer", "wake", "events"):
            if policy is None:
                raise ProtocolError(f"a {kind} message before any run")
            answer = {"type": "decisions", "decisions": _decide(policy, kind, message)}
        else:
            raise ProtocolError(f"unknown message type {kind!r}")
        send(answer)


def _decide(policy, kind: str, message: dict) -> list:
    """The instant's events told in order, then the wake or the offer: the decisions they drew."""
    policy.now = message["time"]
    policy._decisions = []
    for entry in message["events"]:
        event = event_of(entry)
        getattr(policy, _HOOKS[type(event)])(event)
    if kind == "wake":
        policy.on_wake()
    elif kind == "offer":
        policy._offer = Offer.of(message)
        try:
            policy.on_offer(policy._offer)
        finally:
            policy._offer = None
    return policy._decisions


def main(policy_class) -> None:
    """A policy module's entry point: ``python3 -m my.policy [--name NAME]``."""
    parser = argparse.ArgumentParser(description=f"Serve the {policy_class.name} policy to mrsched over stdin and stdout (mrsched --scheduler-process).")
    parser.add_argument("--name", default=policy_class.name, help=f"the name its runs go by (default {policy_class.name})")
    args = parser.parse_args()
    serve(policy_class, name=args.name)
