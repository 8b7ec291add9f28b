"""mrsched's results as pandas DataFrames: ``load(DIR)`` reads what ``simulate --out``,
``compare --out`` or ``sweep --out`` wrote.

The runs of a compare (its ``runs/*/`` folders) come in one frame each, with
``scheduler`` and ``seed`` columns; a sweep keeps no per-task files, so its
``summary`` is its ``results.csv`` (one row per cell, with its parameters,
scheduler and seed) and its other frames are None. Columns get their types:
times and metrics as floats, counts as integers, names as strings, kinds and
statuses as categories. Needs pandas (Debian: python3-pandas).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import pandas as pd

TASK_TYPES = {"scheduler": "category", "seed": "int64", "job_id": "string", "task_id": "string", "kind": "category", "attempt": "int64", "node": "string", "start": "float64", "end": "float64", "status": "category", "locality": "category"}
JOB_TYPES = {"scheduler": "category", "seed": "int64", "job_id": "string", "user": "string", "pool": "string", "weight": "float64", "submit": "float64", "first_start": "float64", "wait": "float64", "maps_done": "float64", "end": "float64", "status": "category"}
NODE_TYPES = {"scheduler": "category", "seed": "int64", "node": "string", "rack": "string", "map_slots": "int64", "reduce_slots": "int64", "speed": "float64"}
SUMMARY_TYPES = {"scheduler": "category", "seed": "int64", "scenario": "string", "stalled": "bool"}
SWEEP_TYPES = {"cell": "string", "scenario": "string", "scheduler": "category", "seed": "int64", "status": "category", "run": "string", "stalled": "bool", "error": "string"}


@dataclass
class Results:
    """One frame per table of a run folder, the runs of a compare stacked."""

    #: tasks.csv: one row per attempt (None for a sweep).
    tasks: Optional[pd.DataFrame]
    #: jobs.csv: one row per job (None for a sweep).
    jobs: Optional[pd.DataFrame]
    #: nodes.csv with the run's scheduler and seed (None for a sweep).
    nodes: Optional[pd.DataFrame]
    #: One row per run: its scheduler, seed, scenario, whether it stalled, and every metric (docs/metrics.md);
    #: for a sweep, results.csv.
    summary: pd.DataFrame


def load(directory) -> Results:
    """The results in ``directory``: a run's folder, a comparison's or a sweep's."""
    root = Path(directory)
    if (root / "results.csv").is_file():
        return Results(None, None, None, _typed(pd.read_csv(root / "results.csv", dtype=str, keep_default_na=False), SWEEP_TYPES, numeric_rest=True))
    if (root / "runs").is_dir():
        folders = sorted(path for path in (root / "runs").iterdir() if (path / "tasks.csv").is_file())
        if not folders:
            raise FileNotFoundError(f"{root}/runs holds no run folder (a folder with tasks.csv)")
    elif (root / "tasks.csv").is_file():
        folders = [root]
    else:
        raise FileNotFoundError(f"{root} is not an output of mrsched simulate, compare or sweep (no tasks.csv, runs/ or results.csv)")
    runs = [_run(folder) for folder in folders]
    stacked = {name: pd.concat([run[name] for run in runs], ignore_index=True) for name in ("tasks", "jobs", "nodes", "summary")}
    return Results(
        _typed(stacked["tasks"], TASK_TYPES),
        _typed(stacked["jobs"], JOB_TYPES),
        _typed(stacked["nodes"], NODE_TYPES),
        _typed(stacked["summary"], SUMMARY_TYPES, numeric_rest=True),
    )


def _run(folder: Path) -> dict:
    """One run folder's tables as text, its nodes and summary labelled with its scheduler and seed."""
    summary = json.loads((folder / "summary.json").read_text())
    label = {"scheduler": summary["scheduler"], "seed": str(summary["seed"])}
    read = lambda name: pd.read_csv(folder / name, dtype=str, keep_default_na=False)
    nodes = read("nodes.csv")
    for column, value in reversed(label.items()):
        nodes.insert(0, column, value)
    row = {**label, "scenario": summary["scenario"], "stalled": summary["stalled"], **summary["metrics"]}
    return {"tasks": read("tasks.csv"), "jobs": read("jobs.csv"), "nodes": nodes, "summary": pd.DataFrame([row])}


def _typed(frame: pd.DataFrame, types: dict, numeric_rest: bool = False) -> pd.DataFrame:
    """``frame`` with ``types`` applied; an empty cell is a missing value; with ``numeric_rest``, every
    other column a float (a metric, a sweep's parameter) if all its values are numbers, else a string."""
    frame = frame.replace("", pd.NA)
    for column in frame.columns:
        kind = types.get(column)
        if kind is None and numeric_rest:
            kind = "float64" if pd.to_numeric(frame[column], errors="coerce").notna().sum() == frame[column].notna().sum() else "string"
        if kind is None:
            continue
        if kind == "bool":
            frame[column] = frame[column].map(lambda value: value in (True, "true", "True"))
        elif kind in ("float64", "int64"):
            frame[column] = pd.to_numeric(frame[column]).astype(kind if kind == "float64" or frame[column].notna().all() else "Int64")
        else:
            frame[column] = frame[column].astype(kind)
    return frame
