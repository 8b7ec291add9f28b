// The report page's wiring: unpacks the data, draws the charts, and ties the
// controls together. The run buttons choose whose run the share charts and
// the Gantt chart show; a cell of the pool table chooses the pool and the run
// at once (the two clicks from "which pool waited" to "when"); a task clicked
// in the Gantt chart highlights its job and shows its decision, when the run
// was made with --explain. On a YARN resource cluster the share charts
// measure memory, vcores and dominant shares rather than tasks.

import { inflateJson } from './attempt-decoder.js';
import { GanttView } from './gantt-view.js';
import { RunAttempts } from './run-attempts.js';
import { cdfChartOption, differenceChartOption, groupChartOption, measureOf, metricChartOption, overTimeChartOption, runningChartOption, stackChartOption } from './report-charts.js';

/** @typedef {import('./attempt-decoder.js').Attempts} Attempts */

const echartsLibrary = /** @type {any} */ (window).echarts;
const LOCALITY_WORDS = ['node-local', 'rack-local', 'off-rack', '—'];

/**
 * @param {string} id
 * @returns {HTMLElement}
 */
function byId(id) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}

/**
 * @param {number} count
 * @returns {string}
 */
const fileCount = (count) => `${count} ${count === 1 ? 'file' : 'files'}`;

/**
 * An ECharts chart in a container, redrawn with new options and resized with the page.
 * @param {string} id
 */
function chartIn(id) {
  const chart = echartsLibrary.init(byId(id), null, { renderer: 'canvas' });
  window.addEventListener('resize', () => chart.resize());
  return chart;
}

async function startReport() {
  const model = await inflateJson(byId('report-data').textContent ?? '');
  const runs = model.runs.map((/** @type {any} */ _, /** @type {number} */ s) => new RunAttempts(s, model.nodes.ids.length));
  // The page opens on the run and pool its finding names.
  const focus = byId('shares').dataset;
  // On a YARN resource cluster the share charts measure memory, vcores and dominant shares, not tasks.
  const resources = model.resources !== undefined;
  const state = { run: Number(focus.focusRun ?? 0), grouping: 'pools', group: Number(focus.focusGroup ?? 0), kind: /** @type {'maps' | 'reduces' | 'memory' | 'vcores' | 'dominant'} */ (resources ? 'memory' : 'maps') };

  const groupChart = chartIn('chart-group');
  const stackChart = chartIn('chart-stack');
  /** @type {('maps' | 'reduces' | 'memory' | 'vcores')[]} */
  const runningKinds = resources ? ['memory', 'vcores'] : ['maps', 'reduces'];
  for (const kind of runningKinds) chartIn(`chart-running-${kind}`).setOption(runningChartOption(model, kind));
  chartIn('chart-cdf').setOption(cdfChartOption(model));
  if (byId('chart-over-time-dissatisfaction') !== null) {
    chartIn('chart-over-time-dissatisfaction').setOption(overTimeChartOption(model, 'dissatisfaction', 'Min-share dissatisfaction over time', 'dissatisfaction'));
    chartIn('chart-over-time-fairness').setOption(overTimeChartOption(model, 'fairness', 'Fairness deviation over time', 'deviation (slots)'));
    chartIn('chart-over-time-locality').setOption(overTimeChartOption(model, 'locality', 'Node-local running maps over time', 'node-local (%)'));
  }
  const metricChart = chartIn('chart-metric');
  const differenceChart = chartIn('chart-difference');

  const groupSelect = /** @type {HTMLSelectElement} */ (byId('share-group'));
  const groupingSelect = /** @type {HTMLSelectElement} */ (byId('share-grouping'));
  const kindSelect = /** @type {HTMLSelectElement} */ (byId('share-kind'));

  /** The shown group's min share in the chart's measure, and its settings in words. */
  function groupInfo() {
    const isPool = state.grouping === 'pools';
    const config = (isPool ? model.pools : model.users)[state.group];
    if (resources) return resourceGroupInfo(config, isPool);
    const minShare = state.kind === 'maps' ? config.minShareMaps : config.minShareReduces;
    const parts = [`min share ${config.minShareMaps} maps + ${config.minShareReduces} reduces`];
    if (isPool) {
      parts.unshift(`weight ${config.weight}`);
      if (config.maxRunningJobs !== null) parts.push(`at most ${config.maxRunningJobs} running jobs`);
    }
    return { minShare, settings: parts.join(' · ') };
  }

  /**
   * A pool's YARN settings (users have none): its weight, policy, min resources and job limit.
   * @param {any} config
   * @param {boolean} isPool
   */
  function resourceGroupInfo(config, isPool) {
    if (!isPool) return { minShare: 0, settings: 'users have no share of their own' };
    const { memory, vcores } = config.minResources;
    const minShare = state.kind === 'memory' ? memory / 1024 : state.kind === 'vcores' ? vcores : 100 * Math.max(memory / model.resources.memory, vcores / model.resources.vcores);
    const parts = [`weight ${config.weight}`, `policy ${config.schedulingPolicy ?? 'the scheduler’s default'}`];
    if (memory > 0 || vcores > 0) parts.push(`min resources ${(memory / 1024).toFixed(2)} GB, ${vcores} vcores`);
    if (config.maxRunningJobs !== null) parts.push(`at most ${config.maxRunningJobs} running jobs`);
    return { minShare, settings: parts.join(' · ') };
  }

  function drawShares() {
    const run = model.runs[state.run];
    const waiting = run[state.grouping];
    const groups = resources ? run[state.grouping === 'pools' ? 'poolResources' : 'userResources'] : waiting;
    const configs = state.grouping === 'pools' ? model.pools : model.users;
    const id = configs[state.group].id;
    const group = groups.find((/** @type {any} */ g) => g.id === id);
    const measure = measureOf(model, state.kind);
    if (group !== undefined) {
      const waitingJobs = waiting.find((/** @type {any} */ g) => g.id === id).waitingJobs;
      groupChart.setOption(groupChartOption(run, group, waitingJobs, measure, groupInfo()), true);
    }
    stackChart.setOption(stackChartOption(run, groups, measure), true);
  }

  function fillGroupChoices() {
    const configs = state.grouping === 'pools' ? model.pools : model.users;
    groupSelect.replaceChildren(...configs.map((/** @type {any} */ c, /** @type {number} */ i) => new Option(c.id, String(i), false, i === state.group)));
  }

  // The Gantt chart.
  const ganttStatus = byId('gantt-status');
  const info = byId('gantt-info');
  const loadButton = /** @type {HTMLButtonElement} */ (byId('gantt-load'));
  const gantt = new GanttView(/** @type {HTMLCanvasElement} */ (byId('gantt-canvas')), byId('gantt-tip'), model.nodes, { ...model.jobs, poolIds: model.pools.map((/** @type {{ id: string }} */ pool) => pool.id) }, (/** @type {number} */ i) => void select(i), offerLoad);

  /** @param {number} i */
  async function select(i) {
    const attempts = runs[state.run].attempts;
    if (attempts === null || i < 0) {
      gantt.highlight(-1, -1);
      info.innerHTML = '<p class="note">No task selected.</p>';
      return;
    }
    const job = attempts.job[i];
    gantt.highlight(job, i);
    const kind = attempts.flags[i] & 1 ? 'reduce' : 'map';
    const rows = [
      ['task', `${kind}${attempts.task[i] < 0 ? '' : ` ${attempts.task[i]}`} of job ${model.jobs.ids[job]}${attempts.attempt[i] > 0 ? `, attempt ${attempts.attempt[i]}` : ''}`],
      ['job', `pool ${model.pools[model.jobs.pool[job]].id}, user ${model.users[model.jobs.user[job]].id}; ${jobTimes(attempts, job)}`],
      ['ran', `on ${model.nodes.ids[attempts.node[i]]} (${model.nodes.racks[model.nodes.rack[attempts.node[i]]]}), ${attempts.start[i].toFixed(1)}–${attempts.end[i].toFixed(1)} s${kind === 'map' ? `, ${LOCALITY_WORDS[(attempts.flags[i] >> 3) & 3]}` : ''}`],
    ];
    const log = await runs[state.run].decisions().catch((/** @type {Error} */ error) => error);
    if (log instanceof Error) rows.push(['why', log.message]);
    else if (log === null) {
      rows.push(['why', info.dataset.reasons === 'left-out' ? 'left out of this page to keep it under 5 MB: the run’s decisions.jsonl has it' : 'run with --explain to record each launch’s reason']);
    } else {
      const record = log.get(attempts.row === null ? i : attempts.row[i]);
      if (record === undefined) rows.push(['why', 'no decision recorded for this attempt']);
      else {
        rows.push(['why: the job', record.order ?? `no job order was asked: ${record.scheduler} launched a task it had planned`]);
        rows.push(['why: the node', record.placement ?? 'the placement gives no reason']);
      }
    }
    info.innerHTML = '';
    const list = document.createElement('dl');
    for (const [term, text] of rows) {
      const dt = document.createElement('dt');
      dt.textContent = term;
      const dd = document.createElement('dd');
      dd.textContent = text;
      list.append(dt, dd);
    }
    info.append(list);
  }

  /**
   * A job's submission, its first task's start and its last task's end (read off its attempts), and its wait.
   * @param {Attempts} attempts
   * @param {number} job
   */
  function jobTimes(attempts, job) {
    let first = Infinity;
    let last = -Infinity;
    let count = 0;
    for (let k = 0; k < attempts.count; k++) {
      if (attempts.job[k] !== job) continue;
      first = Math.min(first, attempts.start[k]);
      last = Math.max(last, attempts.end[k]);
      count++;
    }
    const submit = model.jobs.submit[job] / 10;
    return `submitted ${submit.toFixed(1)} s, first task ${first.toFixed(1)} s (waited ${(first - submit).toFixed(1)} s), last task ended ${last.toFixed(1)} s; ${count} attempts`;
  }

  /** The load button offers the attempts of the time and nodes in view that wait beside the page, if any. */
  function offerLoad() {
    const run = runs[state.run];
    const missing = run.missing(gantt.t0, gantt.t1, gantt.shows);
    loadButton.hidden = missing.length === 0;
    if (missing.length === 0) return;
    const count = missing.reduce((/** @type {number} */ sum, /** @type {number} */ p) => sum + (run.parts?.[p].count ?? 0), 0).toLocaleString('en');
    const all = run.loaded.size + missing.length === run.parts?.length;
    const which = all && run.loaded.size === 0 ? 'of the run' : gantt.showsEveryNode() ? 'of the time in view' : 'of the nodes and time in view';
    loadButton.textContent = `Load the ${count} attempts ${which} (${fileCount(missing.length)})`;
  }

  loadButton.addEventListener('click', () => {
    const s = state.run;
    const run = runs[s];
    const scheduler = model.runs[s].scheduler;
    loadButton.disabled = true;
    run.load(run.missing(gantt.t0, gantt.t1, gantt.shows), (/** @type {string} */ text) => (ganttStatus.textContent = `${scheduler}: ${text}`)).then(
      () => (s === state.run ? showRun(false) : undefined),
      (/** @type {Error} */ error) => {
        loadButton.disabled = false;
        ganttStatus.textContent = error.message;
      },
    );
  });

  /**
   * Shows the chosen run in the Gantt chart: its attempts, those loaded, its overview.
   * @param {boolean} fresh a run newly chosen: the view resets, the selection goes
   */
  async function showRun(fresh) {
    const run = runs[state.run];
    const attempts = await run.get();
    const scheduler = model.runs[state.run].scheduler;
    loadButton.disabled = false;
    gantt.show(attempts, await run.overview(), run.coverage());
    if (fresh) gantt.reset();
    else gantt.request();
    const count = run.count.toLocaleString('en');
    if (run.parts !== null) {
      ganttStatus.textContent =
        attempts === null
          ? `${scheduler}: how busy ${gantt.rows.length.toLocaleString('en')} nodes’ lanes were; the ${count} attempts wait in ${fileCount(run.parts.length)} beside the page`
          : `${scheduler}: ${run.loadedText()}; the overview is drawn where they are not, or too many are in view`;
    } else {
      const zoom = gantt.overview === null ? '' : ' (drawn as the overview until you zoom in)';
      ganttStatus.textContent = `${scheduler}: ${count} attempts on ${gantt.rows.length.toLocaleString('en')} of ${model.nodes.ids.length.toLocaleString('en')} nodes${zoom}`;
    }
    if (fresh) info.innerHTML = '<p class="note">No task selected.</p>';
    offerLoad();
    drawShares();
  }

  /** @param {number} s */
  async function chooseRun(s) {
    state.run = s;
    for (const button of document.querySelectorAll('.toolbar button[data-run]')) button.setAttribute('aria-pressed', String(Number(/** @type {HTMLElement} */ (button).dataset.run) === s));
    await showRun(true);
  }

  for (const button of document.querySelectorAll('.toolbar button[data-run]')) {
    button.addEventListener('click', () => void chooseRun(Number(/** @type {HTMLElement} */ (button).dataset.run)));
  }
  kindSelect.addEventListener('change', () => {
    state.kind = /** @type {'maps' | 'reduces' | 'memory' | 'vcores' | 'dominant'} */ (kindSelect.value);
    drawShares();
  });
  groupingSelect.addEventListener('change', () => {
    state.grouping = groupingSelect.value;
    state.group = 0;
    fillGroupChoices();
    drawShares();
  });
  groupSelect.addEventListener('change', () => {
    state.group = Number(groupSelect.value);
    drawShares();
  });

  // A row of a group table charts its group; a cell under a scheduler also shows that scheduler's run.
  for (const table of document.querySelectorAll('table.groups')) {
    const grouping = /** @type {HTMLElement} */ (table).dataset.grouping === 'user' ? 'users' : 'pools';
    for (const row of table.querySelectorAll('tbody tr')) {
      const choose = async (/** @type {Event} */ event) => {
        const id = /** @type {HTMLElement} */ (row).dataset.group;
        const configs = grouping === 'pools' ? model.pools : model.users;
        state.grouping = grouping;
        groupingSelect.value = grouping;
        state.group = Math.max(0, configs.findIndex((/** @type {any} */ c) => c.id === id));
        fillGroupChoices();
        for (const other of document.querySelectorAll('table.groups tr.selected')) other.classList.remove('selected');
        row.classList.add('selected');
        const cell = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (event.target).closest('td'));
        const column = cell === null ? -1 : [...row.children].indexOf(cell) - 3;
        if (column >= 0) await chooseRun(Math.floor(column / 2));
        else drawShares();
        byId('shares').scrollIntoView({ behavior: 'instant', block: 'start' });
      };
      row.addEventListener('click', (/** @type {Event} */ event) => void choose(event));
      row.addEventListener('keydown', (/** @type {Event} */ event) => {
        if (/** @type {KeyboardEvent} */ (event).key === 'Enter') void choose(event);
      });
    }
  }

  const filter = /** @type {HTMLInputElement} */ (byId('gantt-filter'));
  filter.addEventListener('input', () => {
    const shown = gantt.setFilter(filter.value);
    ganttStatus.textContent = `${model.runs[state.run].scheduler}: ${shown.toLocaleString('en')} of ${model.nodes.ids.length.toLocaleString('en')} nodes shown`;
  });
  // A job named: its tasks highlighted and the time they ran shown, their files loaded first if they wait beside the page.
  const jobInput = /** @type {HTMLInputElement} */ (byId('gantt-job'));
  /** @type {Map<string, number> | null} */
  let jobIndex = null;
  jobInput.addEventListener('change', () => void showJob(jobInput.value.trim()).catch((/** @type {Error} */ error) => (ganttStatus.textContent = error.message)));

  /** @param {string} id */
  async function showJob(id) {
    const s = state.run;
    const run = runs[s];
    const scheduler = model.runs[s].scheduler;
    if (id === '') {
      gantt.highlight(-1, -1);
      return;
    }
    jobIndex ??= new Map(model.jobs.ids.map((/** @type {string} */ jobId, /** @type {number} */ j) => [jobId, j]));
    const job = jobIndex.get(id);
    if (job === undefined) {
      ganttStatus.textContent = `no job ${id} in this report`;
      return;
    }
    const parts = run.partsOf(job).filter((/** @type {number} */ p) => !run.loaded.has(p));
    if (parts.length > 0) {
      await run.load(parts, (/** @type {string} */ text) => (ganttStatus.textContent = `${scheduler}: ${text}`));
      if (s !== state.run) return;
      await showRun(false);
    }
    const attempts = /** @type {Attempts} */ (await run.get());
    let from = Infinity;
    let to = -Infinity;
    for (let k = 0; k < attempts.count; k++) {
      if (attempts.job[k] !== job) continue;
      from = Math.min(from, attempts.start[k]);
      to = Math.max(to, attempts.end[k]);
    }
    if (from === Infinity) {
      ganttStatus.textContent = `${scheduler}: job ${id} ran no task`;
      return;
    }
    gantt.showSpan(from, to);
    // The other files of the time it ran, so that the chart draws its tasks among the others.
    const missing = run.missing(gantt.t0, gantt.t1, gantt.shows);
    if (missing.length > 0) {
      await run.load(missing, (/** @type {string} */ text) => (ganttStatus.textContent = `${scheduler}: ${text}`));
      if (s !== state.run) return;
      await showRun(false);
    }
    gantt.highlight(job, -1);
    info.innerHTML = '';
    const line = document.createElement('p');
    line.textContent = `Job ${id}: pool ${model.pools[model.jobs.pool[job]].id}, user ${model.users[model.jobs.user[job]].id}; ${jobTimes(attempts, job)}.`;
    info.append(line);
  }

  const colour = /** @type {HTMLSelectElement} */ (byId('gantt-colour'));
  colour.addEventListener('change', () => gantt.setColour(colour.value));
  byId('gantt-reset').addEventListener('click', () => gantt.reset());

  const metricSelect = /** @type {HTMLSelectElement} */ (byId('metric-choice'));
  metricSelect.replaceChildren(...model.metrics.map((/** @type {any} */ m, /** @type {number} */ i) => new Option(m.label, String(i), false, m.key === 'makespan')));
  function drawMetric() {
    const metric = model.metrics[Number(metricSelect.value)];
    if (metric === undefined) return;
    metricChart.setOption(metricChartOption(model, metric), true);
    differenceChart.setOption(differenceChartOption(model, metric), true);
  }
  metricSelect.addEventListener('change', drawMetric);
  drawMetric();

  fillGroupChoices();
  const focused = model.pools[state.group]?.id ?? '';
  for (const row of document.querySelectorAll('table.groups[data-grouping="pool"] tbody tr')) {
    if (/** @type {HTMLElement} */ (row).dataset.group === focused) row.classList.add('selected');
  }
  await showRun(true);
  document.body.dataset.ready = 'true';
}

startReport().catch((error) => {
  document.body.dataset.ready = 'failed';
  const note = document.createElement('p');
  note.className = 'warnings';
  note.textContent = `The charts could not be drawn: ${error instanceof Error ? error.message : String(error)}. The tables above still hold the figures.`;
  document.querySelector('main')?.prepend(note);
});
