// Writes the JSON Schemas of the input formats into docs/ from their zod
// schemas: scenario.schema.json, makespan.schema.json, assign.schema.json,
// tree.schema.json, reduce-thresholds.schema.json.
// classes.schema.json.
// dmrs.schema.json.
// sweep.schema.json.
// Run with `npm run schema`, which first compiles the modules that hold them
// (and what they import) with scripts/tsconfig.schema.json.
import { writeFileSync } from 'node:fs';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const compiled = (path) => new URL(`../node_modules/.cache/mrsched-schema/${path}`, import.meta.url).href;
const { scenarioJsonSchemaText } = await import(compiled('input/scenario-file.js'));
const { makespanJsonSchemaText } = await import(compiled('planners/makespan/input-file.js'));
const { instanceJsonSchemaText } = await import(compiled('planners/hta/instance-file.js'));
const { treeJsonSchemaText } = await import(compiled('planners/reduce-placement/tree-file.js'));
const { thresholdJsonSchemaText } = await import(compiled('planners/reduce-placement/threshold-file.js'));
const { classFileJsonSchemaText } = await import(compiled('planners/adaptive/class-file.js'));
const { dmrsJsonSchemaText } = await import(compiled('planners/dmrs/instance-file.js'));
const { sweepJsonSchemaText } = await import(compiled('sweep/sweep-spec.js'));

for (const [file, text] of [
  ['scenario.schema.json', scenarioJsonSchemaText()],
  ['makespan.schema.json', makespanJsonSchemaText()],
  ['assign.schema.json', instanceJsonSchemaText()],
  ['tree.schema.json', treeJsonSchemaText()],
  ['reduce-thresholds.schema.json', thresholdJsonSchemaText()],
  ['classes.schema.json', classFileJsonSchemaText()],
  ['dmrs.schema.json', dmrsJsonSchemaText()],
  ['sweep.schema.json', sweepJsonSchemaText()],
]) {
  const target = fileURLToPath(new URL(`../docs/${file}`, import.meta.url));
  writeFileSync(target, text);
  process.stdout.write(`wrote ${target}\n`);
}
