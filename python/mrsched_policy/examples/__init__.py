"""Example policies: ``fifo`` (mrsched's built-in fifo, decision for decision) and ``fair_delay`` (fair sharing with delay scheduling)."""
