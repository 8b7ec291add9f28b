/**
 * One import measurement, in its own process so that peak memory is its
 * alone: `mrsched import swim TRACE --out OUT` with the FB-2010 cluster's
 * 3,000 nodes (`nodes` and `sourceNodes`), as the CLI runs it (import, write,
 * and load the written scenario back to check it). Prints one JSON line.
 */
import { performance } from 'node:perf_hooks';
import { main } from '../src/cli/program.js';

const [trace, out] = process.argv.slice(2);
const start = performance.now();
const code = await main(['import', 'swim', trace, '--option', 'nodes=3000', '--option', 'sourceNodes=3000', '--out', out]);
const seconds = (performance.now() - start) / 1000;
process.stdout.write(JSON.stringify({ code, seconds, peakRssBytes: process.resourceUsage().maxRSS * 1024 }) + '\n');
