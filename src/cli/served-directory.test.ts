import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RefusedPath, ServedDirectory } from './served-directory.js';

const base = mkdtempSync(join(tmpdir(), 'mrsched-served-'));
const root = join(base, 'root');
mkdirSync(join(root, 'runs'), { recursive: true });
mkdirSync(join(base, 'elsewhere'));
symlinkSync(join(base, 'elsewhere'), join(root, 'away'));
symlinkSync(join(root, 'runs'), join(root, 'runs-link'));
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
});
