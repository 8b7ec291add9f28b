#!/usr/bin/env node
/** The `mrsched` executable. */
import { main } from './program.js';

// A reader that stops early (`mrsched compare | head`) is not an error: end quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

process.exitCode = await main(process.argv.slice(2));
