/**
 * The scripts the interactive report carries inline: Apache ECharts (its
 * "common" build from the npm package: line, bar and scatter charts with
 * tooltips, legends, zoom and mark lines, 0.7 MB, Apache-2.0, its notice kept
 * at the top) and the report's own scripts in `browser/`, plain browser
 * JavaScript modules read from beside this module and joined into one
 * script: their imports of each other dropped and their exports made plain
 * declarations in one shared scope (each import is one line, by the files'
 * own rule). Read once per process.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The report's own scripts, in load order (later ones use earlier ones' functions). */
const BROWSER_SCRIPTS = ['attempt-decoder.js', 'gantt-view.js', 'report-charts.js', 'report-app.js'];

let cached: { readonly library: string; readonly app: string } | null = null;

export function reportScripts(): { readonly library: string; readonly app: string } {
  if (cached === null) {
    const library = readFileSync(createRequire(import.meta.url).resolve('echarts/dist/echarts.common.min.js'), 'utf8');
    const app = BROWSER_SCRIPTS.map((name) => asPlainScript(readFileSync(new URL(`./browser/${name}`, import.meta.url), 'utf8'))).join('\n');
    cached = { library, app: `(function () {\n'use strict';\n${app}\n})();` };
  }
  return cached;
}

/** A browser module's text without its imports of its siblings, its exports as plain declarations. */
export function asPlainScript(module: string): string {
  return module.replace(/^import \{[^}]*\} from '\.\/[\w-]+\.js';\n/gm, '').replace(/^export (?=(async function|function|class|const) )/gm, '');
}
