/**
 * The problems of a configuration directory, gathered across its files so
 * that one run reports all of them. One file with problems is reported as
 * that file, each problem at its line and column; problems in several files
 * are reported as the directory, each problem naming its file, line and
 * column in its path (an InputError has one source).
 */
import { basename } from 'node:path';
import { InputError, type InputProblem } from '../../util/input-error.js';

export class ConfProblems {
  private readonly byFile = new Map<string, InputProblem[]>();

  add(file: string, problem: InputProblem): void {
    this.byFile.set(file, [...(this.byFile.get(file) ?? []), problem]);
  }

  /** Takes in the problems of an InputError about one of the files; rethrows anything else. */
  absorb(error: unknown): void {
    if (!(error instanceof InputError)) throw error;
    for (const problem of error.problems) this.add(error.source, problem);
  }

  /** Runs `read`, keeping its InputError's problems; undefined when it failed. */
  attempt<T>(read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      this.absorb(error);
      return undefined;
    }
  }

  get any(): boolean {
    return this.byFile.size > 0;
  }

  throwIfAny(dir: string): void {
    if (this.byFile.size === 0) return;
    if (this.byFile.size === 1) {
      const [[file, problems]] = this.byFile;
      throw new InputError(file, problems);
    }
    const problems = [...this.byFile].flatMap(([file, list]) =>
      list.map(({ path, line, column, expected, found }) => {
        const where = line === undefined ? basename(file) : `${basename(file)}:${line}:${column ?? 1}`;
        return { path: path === '' ? where : `${where}: ${path}`, expected, found };
      }),
    );
    throw new InputError(dir, problems);
  }
}
