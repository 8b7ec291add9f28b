/**
 * A SWIM trace file shaped like the FB-2010 day, for timing `mrsched import
 * swim` at that size: one line per job of `bench/fb-2010-day.yaml` (resolved
 * with its seed), with the job's submit time, its input bytes (Σ of its
 * maps'), its shuffle bytes (Σ of their outputs) and half that as output.
 * The real trace is not redistributable here; this one has its job count and
 * size distribution.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseScenarioText } from '../src/input/load-scenario.js';

/** Writes the trace to `out`; returns how many jobs it has. */
export function writeFb2010Trace(scenarioPath: string, out: string): number {
  const scenario = parseScenarioText(readFileSync(scenarioPath, 'utf8'), scenarioPath);
  let previous = 0;
  const lines = scenario.jobs.map((job, i) => {
    const submit = Math.round(job.submitTime);
    const gap = submit - previous;
    previous = submit;
    let input = 0;
    let shuffle = 0;
    for (let m = 0; m < job.maps.length; m++) {
      input += job.maps.inputBytes[m];
      shuffle += job.maps.outputBytes[m];
    }
    return `job${i}\t${submit}\t${gap}\t${input}\t${shuffle}\t${Math.floor(shuffle / 2)}\n`;
  });
  writeFileSync(out, lines.join(''));
  return lines.length;
}
