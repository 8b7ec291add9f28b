import { describe, expect, it } from 'vitest';
import { asPlainScript, liveScripts, reportScripts } from './report-assets.js';

describe('the report’s scripts', () => {
  it('join the browser modules into one script: sibling imports dropped, exports made plain', () => {
    const module = "import { a } from './x.js';\nexport function f() {}\nexport const K = 1;\nexport class C {}\nconst y = 'export function';\nexport {};\n";
    expect(asPlainScript(module)).toBe("function f() {}\nconst K = 1;\nclass C {}\nconst y = 'export function';\n");
  });

  it('leave no import or export in what the page runs', () => {
    const { app, library } = reportScripts();
    expect(app).not.toMatch(/^(import|export) /m);
    expect(app).toContain('class GanttView');
    expect(library).toContain('Apache');
  });

  it('give the live page its own script, with the same chart library', () => {
    const live = liveScripts();
    expect(live.app).toContain('function startLivePage');
    expect(live.app).not.toContain('class GanttView');
    expect(live.library).toBe(reportScripts().library);
  });
});
