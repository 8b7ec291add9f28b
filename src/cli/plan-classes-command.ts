/**
 * `mrsched plan classes FILE`: the LP of the Rasooli–Down adaptive scheduler
 * on a stand-alone class problem: λ*, the allocation δ and the classes
 * suggested to each resource (the canonical ones, see
 * src/planners/adaptive/class-allocation.ts).
 */
import { Command, Option } from 'commander';
import { readTextFile } from '../input/unreadable-file.js';
import { allocateClasses, type ClassAllocation } from '../planners/adaptive/class-allocation.js';
import { parseClassFileText } from '../planners/adaptive/class-file.js';
import type { ClassProblem } from '../planners/adaptive/class-problem.js';
import { renderTable } from '../report/table.js';
import { loadLinearSolver } from '../solvers/linear-program.js';
import { writeStdout } from './standard-output.js';

/** Resources beyond which the δ table would not fit a terminal; JSON has it all. */
const DELTA_TABLE_MAX_RESOURCES = 12;

export function planClassesCommand(): Command {
  return new Command('classes')
    .description('Match job classes to resources (Rasooli and Down: the LP of the adaptive scheduler): λ*, the allocation δ and the classes suggested to each resource.')
    .argument('<file>', 'a class problem (YAML or JSON): resources, and classes with arrivalRate and rates')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['table', 'json']).default('table'))
    .addHelpText(
      'after',
      `
λ* is the largest factor by which every arrival rate can grow with every resource's load at most 1
(1/λ* is the least possible maximum load). A class is suggested to a resource when some optimal
allocation gives it a share of that resource, so the sets do not depend on the solver.

Examples:
  $ mrsched plan classes examples/classes/rasooli-down-2x2.yaml
  $ mrsched plan classes classes.json --format json`,
    )
    .action(async (file: string, options: { readonly format: 'table' | 'json' }) => {
      const problem = parseClassFileText(readTextFile(file, 'a readable class problem file (YAML or JSON)'), file);
      const allocation = allocateClasses(problem, await loadLinearSolver());
      const suggested = Object.fromEntries(problem.resources.map((r, j) => [r, allocation.suggested[j].map((i) => problem.classes[i].id)]));
      if (options.format === 'json') {
        const { lambda, delta, status } = allocation;
        writeStdout(JSON.stringify({ lambda, delta, suggested, status }, null, 2) + '\n');
      } else writeStdout(tableText(file, problem, allocation, suggested));
    });
}

function tableText(file: string, problem: ClassProblem, allocation: ClassAllocation, suggested: Record<string, string[]>): string {
  const { lambda, delta, status } = allocation;
  const lines = [`${file}: ${problem.classes.length} classes on ${problem.resources.length} resources`, `status  ${status}`];
  if (status === 'unbounded') lines.push('        no class has arrivals: any scale-up is stable, and nothing is suggested');
  if (status === 'error') lines.push('        HiGHS could not solve the LP (rates spanning some 20 orders of magnitude or more?)');
  if (lambda !== null) {
    lines.push(
      lambda > 0
        ? `λ*      ${format(lambda)} (every arrival rate can grow by this factor; least maximum load ${format(100 / lambda)} %)`
        : 'λ*      0 (a class with arrivals runs on no resource)',
    );
  }
  let out = lines.join('\n') + '\n';
  if (delta === null) return out;
  out += '\n' + renderTable(['resource', 'suggested classes'], problem.resources.map((r) => [r, suggested[r].join(' ') || '—']));
  if (problem.resources.length <= DELTA_TABLE_MAX_RESOURCES) {
    const rows = problem.classes.map((c, i) => [c.id, format(c.arrivalRate), ...delta[i].map(format)]);
    out += '\n' + renderTable(['class', 'arrival rate', ...problem.resources.map((r) => `δ on ${r}`)], rows);
  } else out += `\n(δ has ${problem.resources.length} columns: see --format json)\n`;
  return out;
}

/** Seven significant digits: δ is known to some 10⁻⁹, and rates may be of any size. */
function format(value: number): string {
  return String(Number(value.toPrecision(7)));
}
