/**
 * One comparison that `mrsched serve` started, on a worker thread so the
 * server answers while it runs: the scenario read as `compare` reads it and
 * the schedulers checked on it (a mistake in either refuses the request), each
 * run's progress posted as it comes (jobs done, simulated time, each pool's
 * running tasks) and, as each run ends, its lines over simulated time
 * (live-series.ts); then the finished report, summary and each run's files
 * (runs/<scheduler>-<seed>/) written into the run's folder, with how they
 * were made: the `mrsched compare` command that makes them again.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compare } from '../experiment/compare.js';
import { comparisonSummary } from '../report/comparison-summary.js';
import { renderHtmlReport } from '../report/html-report.js';
import { runFiles, runFolder, type FileText } from '../report/run-files.js';
import { pathFromHere, provenanceOf, shellLine } from './provenance.js';
import { EXIT_USAGE, reportError } from './errors.js';
import { prepareOutputDirectory } from './output-dir.js';
import { readScenarioInput } from './scenario-input.js';
import { suitedSchedulers } from '../experiment/suited-schedulers.js';
import { builtinSchedulers, parseSchedulerChoices } from '../sched/index.js';
import { schedulersOn } from './scheduler-choice.js';
import { schedulerHints } from './scheduler-hints.js';
import type { LiveRequest, WorkerMessage } from './live-messages.js';
import { liveProgressStep, runSeries } from './live-series.js';

const request = workerData as LiveRequest;
const post = (message: WorkerMessage) => parentPort!.postMessage(message);
let started = false;

try {
  const input = await readScenarioInput(request.scenario);
  const first = input.resolve();
  const registry = builtinSchedulers();
  const choices = request.schedulers.length > 0 ? request.schedulers : parseSchedulerChoices(registry, suitedSchedulers(registry, first), 'schedulers');
  const chosen = await schedulersOn(registry, choices, 'schedulers', first, input);
  const { names, solver } = chosen;
  const notes = schedulerHints(chosen, first);
  post({ type: 'start', schedulers: names, replications: request.replications, jobs: first.jobs.length, notes });
  started = true;
  const seeds = Array.from({ length: request.replications }, (_, r) => first.settings.seed + r);
  const again = shellLine(['compare', pathFromHere(input.path), '--schedulers', names.join(','), '--replications', String(request.replications)]);
  const provenance = provenanceOf(again, input, first, seeds);
  const files: Record<string, FileText> = {};
  const comparison = compare((seed) => (seed === first.settings.seed ? first : input.resolve(seed)), {
    schedulers: choices,
    replications: request.replications,
    seed: first.settings.seed,
    registry,
    ...(solver === undefined ? {} : { solver }),
    onProgress: (scheduler, replication, progress) => post({ type: 'progress', scheduler, replication, ...progress }),
    progressStep: liveProgressStep,
    onRun: (run, metrics, replication) => {
      Object.assign(files, runFiles(run, metrics, provenance, runFolder(run)));
      const series = runSeries(run);
      if (series !== null) post({ type: 'series', scheduler: run.scheduler, replication, ...series });
    },
  });
  await prepareOutputDirectory(request.out, false).write({
    ...files,
    ...renderHtmlReport(comparison, { notes, provenance }),
    'summary.json': JSON.stringify(comparisonSummary(comparison, provenance), null, 2) + '\n',
  });
  post({ type: 'done' });
} catch (error) {
  let text = '';
  const status = reportError(error, (line) => (text += line));
  // A mistake in the request (the scenario, the schedulers on it) found before the run starts refuses the request itself.
  post({ type: !started && status === EXIT_USAGE ? 'refused' : 'failed', message: text.trim() });
}
