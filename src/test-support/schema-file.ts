/** A check that a docs/*.schema.json file is what its zod schema generates now. */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

export function expectSchemaFileInStep(file: string, generated: string): void {
  const url = new URL(`../../docs/${file}`, import.meta.url);
  let written = '';
  try {
    written = readFileSync(url, 'utf8');
  } catch {
    // a missing file is out of step too
  }
  expect(written === generated, `docs/${file} is out of date: run \`npm run schema\` and commit the result`).toBe(true);
}
