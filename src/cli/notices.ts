/**
 * What a command says on stderr besides its results, warnings and errors:
 * progress meters and notes (`note: …`, what an import made, how many cells
 * a sweep runs). `--quiet` silences them, every command's; warnings, errors
 * and the listed records `--skip-invalid` left out are still printed.
 */

let quiet = false;

/** Set from each command's --quiet before it runs (program.ts). */
export function setQuiet(value: boolean): void {
  quiet = value;
}

/** Writes `text` to stderr unless the command runs with --quiet. */
export function writeNotice(text: string): void {
  if (!quiet) process.stderr.write(text);
}
