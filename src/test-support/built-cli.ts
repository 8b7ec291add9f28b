/**
 * The mrsched command as a child process, for tests that need a real one
 * (exit codes, signals, stdout on a full disk). src/ is compiled file by file
 * with TypeScript's transpileModule (no type check: `npm run typecheck` does
 * that), which takes a second or two, into a temporary directory laid out as
 * the package is (dist/, with examples/ and node_modules/ linked beside it),
 * so that `node DIR/dist/cli/main.js` runs as the installed command does.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

export interface BuiltCli {
  /** The command's entry point, to run with `node`. */
  readonly main: string;
  /** Removes the build. */
  remove(): void;
}

export function buildCli(): BuiltCli {
  const root = mkdtempSync(join(tmpdir(), 'mrsched-built-'));
  const source = join(REPOSITORY, 'src');
  const options: ts.CompilerOptions = { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 };
  for (const file of sourceFiles(source, '.js')) {
    // The report's browser modules, read as text at run time, go as they are.
    const out = join(root, 'dist', relative(source, file));
    mkdirSync(dirname(out), { recursive: true });
    copyFileSync(file, out);
  }
  for (const file of sourceFiles(source, '.ts')) {
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), { compilerOptions: options, fileName: file });
    const out = join(root, 'dist', relative(source, file)).replace(/\.ts$/, '.js');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, outputText);
  }
  // The package's name and version as installed (the command prints its version and records it in outputs).
  const { name, version } = JSON.parse(readFileSync(join(REPOSITORY, 'package.json'), 'utf8')) as { name: string; version: string };
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name, version, type: 'module' }));
  for (const name of ['examples', 'node_modules']) symlinkSync(join(REPOSITORY, name), join(root, name));
  return { main: join(root, 'dist', 'cli', 'main.js'), remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** The program's source files ending in `extension`: not tests, not declarations, not test support. */
function sourceFiles(dir: string, extension: '.ts' | '.js'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path, extension);
    const { name } = entry;
    return name.endsWith(extension) && !name.endsWith(`.test${extension}`) && !name.endsWith('.d.ts') ? [path] : [];
  });
}
