/**
 * The scripts the interactive report carries inline: Apache ECharts (its
 * "common" build from the npm package: line, bar and scatter charts with
 * tooltips, legends, zoom and mark lines, 0.7 MB, Apache-2.0, its notice kept
 * at the top) and the report's own scripts in `browser/`, plain browser
 * JavaScript modules read from beside this module and joined into one
 * script: their imports of each other dropped and their exports made plain
 * declarations in one shared scope (each import is one line, by the files'
 * own rule); and the live page's script. Read once per process.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The report's own scripts, in load order (later ones use earlier ones' functions). */
const BROWSER_SCRIPTS = ['attempt-decoder.js', 'beside-attempts.js', 'lane-occupancy.js', 'overview-layer.js', 'gantt-axis.js', 'rows-in-view.js', 'gantt-view.js', 'run-attempts.js', 'report-charts.js', 'report-app.js'];

/** The live page's script (`mrsched serve`), which uses the same charts' colours and axes. */
const LIVE_SCRIPTS = ['live-app.js'];

interface PageScripts {
  readonly library: string;
  readonly app: string;
}

let library: string | null = null;
const cached = new Map<string, PageScripts>();

function pageScripts(names: readonly string[]): PageScripts {
  const key = names.join(',');
  let scripts = cached.get(key);
  if (scripts === undefined) {
    library ??= readFileSync(createRequire(import.meta.url).resolve('echarts/dist/echarts.common.min.js'), 'utf8');
    const app = names.map((name) => asPlainScript(readFileSync(new URL(`./browser/${name}`, import.meta.url), 'utf8'))).join('\n');
    scripts = { library, app: `(function () {\n'use strict';\n${app}\n})();` };
    cached.set(key, scripts);
  }
  return scripts;
}

export function reportScripts(): PageScripts {
  return pageScripts(BROWSER_SCRIPTS);
}

export function liveScripts(): PageScripts {
  return pageScripts(LIVE_SCRIPTS);
}

/** A browser module's text without its imports of its siblings, its exports as plain declarations (and without the `export {};` a compiler adds to a module that exports nothing). */
export function asPlainScript(module: string): string {
  return module
    .replace(/^import \{[^}]*\} from '\.\/[\w-]+\.js';\n/gm, '')
    .replace(/^export (?=(async function|function|class|const) )/gm, '')
    .replace(/^export \{\};\n?/gm, '');
}
