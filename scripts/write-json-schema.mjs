// Writes docs/scenario.schema.json from the scenario file's zod schema.
// Run with `npm run schema`, which first compiles src/model/scenario-file.ts
// (and what it imports) with scripts/tsconfig.schema.json.
import { writeFileSync } from 'node:fs';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const compiled = new URL('../node_modules/.cache/mrsched-schema/model/scenario-file.js', import.meta.url);
const { scenarioJsonSchemaText } = await import(compiled.href);
const target = fileURLToPath(new URL('../docs/scenario.schema.json', import.meta.url));
writeFileSync(target, scenarioJsonSchemaText());
process.stdout.write(`wrote ${target}\n`);
