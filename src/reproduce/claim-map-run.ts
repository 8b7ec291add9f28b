/**
 * A paper's claim map run: its grid swept (resumed in the work directory)
 * or its model run, each claim judged at every cell, and the map written
 * beside the sweep (or in a directory of its own) as claim-map.csv and
 * claim-map.html.
 */
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { judgeClaim, parameterText, placedCellGroup, readSweepSpec, regionSummary, writeClaimMapOutputs, type CellGroup, type ClaimMap, type ClaimMapAxis, type PlacedGroup, type SweepSpec } from '../sweep/index.js';
import { examplePath } from './example-files.js';
import type { ReproduceContext } from './paper-experiment.js';
import { SCENARIO_AXIS, VARIANT_AXIS, type Sensitivity, type SpecVariant, type SweptSensitivity } from './sensitivity.js';
import { runSweepIn, withReplications } from './sweep-figures.js';

export async function runClaimMap(name: string, sensitivity: Sensitivity, context: ReproduceContext): Promise<{ map: ClaimMap; dir: string }> {
  const replications = context.replications ?? sensitivity.defaultReplications;
  const { dir, axes, placed } =
    sensitivity.kind === 'sweep'
      ? await sweptGrid(sensitivity, replications, context)
      : { dir: join(context.workDir, sensitivity.name), axes: sensitivity.axes, placed: sensitivity.run(replications) };
  const axis = (axisName: string) => {
    const index = axes.findIndex((a) => a.name === axisName);
    if (index < 0) throw new Error(`the claim map of ${name} has no axis '${axisName}' (its axes: ${axes.map((a) => a.name).join(', ')})`);
    return index;
  };
  const claims = sensitivity.claims.map((claim) => {
    const cells = judgeClaim(claim, placed);
    return { claim, cells, summary: regionSummary(axes, cells) };
  });
  const map: ClaimMap = {
    // An experiment may have several maps: each is named by its directory too.
    name: `${name}, ${basename(dir)}`,
    description: sensitivity.description,
    axes,
    rows: axis(sensitivity.rows),
    columns: sensitivity.columns === null ? null : axis(sensitivity.columns),
    replications,
    claims,
  };
  mkdirSync(dir, { recursive: true });
  writeClaimMapOutputs(dir, map);
  return { map, dir };
}

/** The grid's sweep run, once per variant, into the sweep directory of its spec (a variant's in a directory of its own within). */
async function sweptGrid(sensitivity: SweptSensitivity, replications: number, context: ReproduceContext): Promise<{ dir: string; axes: ClaimMapAxis[]; placed: PlacedGroup[] }> {
  const spec = withReplications(readSweepSpec(examplePath(`sweeps/${sensitivity.spec}`)), replications);
  const dir = join(context.workDir, spec.name);
  const placed: PlacedGroup[] = [];
  for (const variant of sensitivity.variants ?? [null]) {
    const groups =
      variant === null ? await runSweepIn(spec, dir, context) : await runSweepIn({ ...spec, alignHeartbeats: variant.alignHeartbeats }, join(dir, slug(variant.label)), context);
    placed.push(...groups.map((group) => placedCellGroup(group, coordinatesOf(spec, group, variant))));
  }
  return { dir, axes: axesOf(spec, sensitivity, placed), placed };
}

/** The axes that vary, in order: the variants, the scenarios (when there are several), then the spec's parameters. */
function axisKeys(spec: SweepSpec, variant: SpecVariant | null): string[] {
  return [...(variant === null ? [] : [VARIANT_AXIS]), ...(spec.scenarios.length > 1 ? [SCENARIO_AXIS] : []), ...spec.parameters.map((p) => p.path)];
}

function coordinatesOf(spec: SweepSpec, group: CellGroup, variant: SpecVariant | null): string[] {
  return [...(variant === null ? [] : [variant.label]), ...(spec.scenarios.length > 1 ? [group.scenario] : []), ...group.parameters.map((value) => String(parameterText(value)))];
}

/** Each axis with its reader's name and its values in the order the cells first have them. */
function axesOf(spec: SweepSpec, sensitivity: SweptSensitivity, placed: readonly PlacedGroup[]): ClaimMapAxis[] {
  const keys = axisKeys(spec, sensitivity.variants === undefined ? null : sensitivity.variants[0]);
  return keys.map((key, a) => ({
    name: sensitivity.axisNames[key] ?? key,
    values: [...new Set(placed.map((p) => p.coordinates[a]))],
  }));
}

/** A variant's label as a directory name: "own phases" → "own-phases". */
function slug(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
