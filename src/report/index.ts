export { renderHtmlReport } from './html-report.js';
export { runFiles, runFolder, runSummary, tasksCsv, tasksCsvChunks, jobsCsv, nodesCsv, type FileText, type RunSummary } from './run-files.js';
export { comparisonSummary, type ComparisonSummary } from './comparison-summary.js';
export { runTable, comparisonTable } from './metric-tables.js';
export { renderPlanGantt, type PlanGanttOptions } from './plan-gantt.js';
export { renderDmrsGantt, type DmrsGanttOptions } from './dmrs-gantt.js';
export { replayTables } from './replay-tables.js';
