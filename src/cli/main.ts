#!/usr/bin/env node
/** The `mrsched` executable. */
import { main } from './program.js';

// A reader that stops early (`mrsched compare | head`) is not an error: end quietly. Any other
// failure to write to a pipe is the output lost: say so and exit 2 (files are checked as they are written).
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  process.stderr.write(`mrsched: cannot write to stdout (${error.code ?? error.message})\n`);
  process.exit(2);
});

// stderr that cannot be written (a full disk, a closed pipe) leaves nowhere to say so: the exit status alone tells
// how the command went, as it would have (it ended with 1, an uncaught error, as if mrsched had a bug).
process.stderr.on('error', () => {});

process.exitCode = await main(process.argv.slice(2));
