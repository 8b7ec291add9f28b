/**
 * A headline experiment of one of the papers, as `mrsched reproduce NAME`
 * runs it: our figures computed afresh (by the planners, or a sweep of the
 * simulator), each beside the figure the paper reports, with a verdict. A
 * figure that differs carries the note that says why (the specs record the
 * paper's slips and the models it mixes).
 *
 * Adding an experiment is one entry: an object of this type, in a file of
 * its paper under experiments/, listed in registry.ts.
 */
import type { CellRecord } from '../sweep/index.js';
import type { Sensitivity } from './sensitivity.js';

/** A confidence interval as the paper prints it, (low, high). */
export interface PaperInterval {
  readonly low: number;
  readonly high: number;
}

/** What the paper reports: a number (to the precision it prints), an interval, or a text such as a job order. */
export interface PaperFigure {
  readonly label: string;
  /** As the paper has it. */
  readonly paper: number | string | PaperInterval;
  /** Ours, from this run. */
  readonly ours: number | string;
  /**
   * How the paper's figure holds: '=' (the default) within the tolerance; '≥' or '≤' for a bound the
   * paper proves (ours must be on its side). Not for an interval: ours must lie in it.
   */
  readonly relation?: '=' | '≥' | '≤';
  /** Largest difference taken as the same number; by default half a unit of the paper's last printed digit. */
  readonly tolerance?: number;
  /** How ours is computed, or why it differs. */
  readonly note?: string;
  /**
   * The paper's figure is a count we made of where its claim or its tables
   * hold (benchmarks, experiments), not a number it prints: shown in a
   * column of its own.
   */
  readonly counted?: boolean;
}

export type Verdict = 'reproduced' | 'differs';

export interface PaperExperiment {
  /** The name `mrsched reproduce` takes: the paper's short name and the experiment (tian-five-jobs). */
  readonly name: string;
  /** The paper, by seed number and title. */
  readonly paper: string;
  /** What the experiment is, in the paper's words where it has them. */
  readonly title: string;
  /** Our figures beside the paper's. */
  run(context: ReproduceContext): Promise<readonly PaperFigure[]>;
  /** Its claim maps (`--sensitivity`): the headline claims over the settings the paper left open or we assumed. */
  readonly sensitivity?: readonly Sensitivity[];
}

export interface ReproduceContext {
  /** Where an experiment that runs a sweep keeps its sweep directory (rerun, it resumes). */
  readonly workDir: string;
  /** Cells of a sweep at once (1: on this thread). */
  readonly jobs: number;
  readonly warn: (message: string) => void;
  /** Told of a sweep's cells to run (this run's share) and of each as it ends, to show progress. */
  readonly onStart?: (cells: number) => void;
  readonly onCell?: (record: CellRecord) => void;
  /**
   * Replications of an experiment that draws random runs; unset, the
   * experiment's own default (which may be fewer than the paper's, for time:
   * the experiment's title says how many the paper ran).
   */
  readonly replications?: number;
}

export function verdict(figure: PaperFigure): Verdict {
  const { paper, ours } = figure;
  if (typeof paper === 'string' || typeof ours === 'string') return String(paper) === String(ours) ? 'reproduced' : 'differs';
  if (typeof paper === 'object') {
    const tolerance = figure.tolerance ?? Math.max(printedTolerance(paper.low), printedTolerance(paper.high));
    return ours >= paper.low - tolerance && ours <= paper.high + tolerance ? 'reproduced' : 'differs';
  }
  const tolerance = figure.tolerance ?? printedTolerance(paper);
  switch (figure.relation ?? '=') {
    case '≥':
      return ours >= paper - tolerance ? 'reproduced' : 'differs';
    case '≤':
      return ours <= paper + tolerance ? 'reproduced' : 'differs';
    default:
      return Math.abs(ours - paper) <= tolerance ? 'reproduced' : 'differs';
  }
}

/** Half a unit of the last digit a number prints with: 31.76 → 0.005, 47 → 0.5. */
function printedTolerance(value: number): number {
  const decimals = (String(value).split('.')[1] ?? '').length;
  return 0.5 * 10 ** -decimals;
}
