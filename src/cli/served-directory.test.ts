import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from './errors.js';
import { RefusedPath, ServedDirectory } from './served-directory.js';

const base = mkdtempSync(join(tmpdir(), 'mrsched-served-'));
const root = join(base, 'root');
mkdirSync(join(root, 'runs'), { recursive: true });
mkdirSync(join(base, 'elsewhere'));
symlinkSync(join(base, 'elsewhere'), join(root, 'away'));
symlinkSync(join(root, 'runs'), join(root, 'runs-link'));
writeFileSync(join(base, 'file.yaml'), '');
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('ServedDirectory', () => {
  const served = new ServedDirectory(root);

  it('gives paths inside, existing or not, and names that only start with two dots', () => {
    expect(served.resolve('runs/run-1/report.html')).toBe(join(served.root, 'runs', 'run-1', 'report.html'));
    expect(served.resolve('..notes.yaml')).toBe(join(served.root, '..notes.yaml'));
    expect(served.resolve('runs/../x.yaml')).toBe(join(served.root, 'x.yaml'));
    expect(served.resolve('runs-link/new/file.csv')).toBe(join(served.root, 'runs-link', 'new', 'file.csv'));
    expect(served.relative(join(served.root, 'runs', 'a.yaml'))).toBe('runs/a.yaml');
  });

  it.each(['..', '../x.yaml', 'runs/../../x.yaml', '/etc/passwd', 'away/x.yaml', 'away/new/deeper.yaml', 'x\0.yaml'])('refuses %j', (asked) => {
    expect(() => served.resolve(asked)).toThrow(RefusedPath);
  });

  it('tells absolute paths inside from those outside, links followed', () => {
    expect(served.encloses(join(served.root, 'runs', 'trace.json'))).toBe(true);
    expect(served.encloses(join(served.root, 'away', 'trace.json'))).toBe(false);
    expect(served.encloses(join(base, 'elsewhere', 'trace.json'))).toBe(false);
  });

  it.each([join(base, 'missing'), join(base, 'file.yaml')])('takes %j for a mistake on the command line: not a directory', (dir) => {
    expect(() => new ServedDirectory(dir)).toThrow(new UsageError(`serve: '${dir}' is not a directory`));
  });
});
