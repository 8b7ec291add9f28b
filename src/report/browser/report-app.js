// The report page's wiring: unpacks the data, draws the charts, and ties the
// controls together. The run buttons choose whose run the share charts and
// the Gantt chart show; a cell of the pool table chooses the pool and the run
// at once (the two clicks from "which pool waited" to "when"); a task clicked
// in the Gantt chart highlights its job and shows its decision, when the run
// was made with --explain. On a YARN resource cluster the share charts
// measure memory, vcores and dominant shares rather than tasks.

import { decodeAttempts, decodeOverview, inflateBase64, inflateJson } from './attempt-decoder.js';
import { loadBesideAttempts } from './beside-attempts.js';
import { GanttView } from './gantt-view.js';
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
 * An ECharts chart in a container, redrawn with new options and resized with the page.
 * @param {string} id
 */
function chartIn(id) {
  const chart = echartsLibrary.init(byId(id), null, { renderer: 'canvas' });
  window.addEventListener('resize', () => chart.resize());
  return chart;
}

/** @type {(string | null)[]} each run's packed decision log, from the file beside the page that carried its attempts */
const besideDecisions = [];

/**
 * The decision log of run `s` by launch (the attempt's row), if the page carries one.
 * @param {number} s
 * @returns {Promise<Map<number, any> | null>}
 */
async function decisionsOf(s) {
  const packed = document.getElementById(`report-decisions-${s}`)?.textContent ?? besideDecisions[s];
  if (packed === undefined || packed === null) return null;
  const text = new TextDecoder().decode(await inflateBase64(packed));
  /** @type {Map<number, any>} */
  const byLaunch = new Map();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const record = JSON.parse(line);
    byLaunch.set(record.launch, record);
  }
  return byLaunch;
}

async function startReport() {
  const model = await inflateJson(byId('report-data').textContent ?? '');
  /** @type {(Attempts | undefined)[]} */
  const attemptsOf = [];
  /** @type {(Promise<Map<number, any> | null> | undefined)[]} */
  const decisionLogs = [];
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
  const gantt = new GanttView(/** @type {HTMLCanvasElement} */ (byId('gantt-canvas')), byId('gantt-tip'), model.nodes, model.jobs, (/** @type {number} */ i) => void select(i));

  /** @param {number} i */
  async function select(i) {
    const attempts = attemptsOf[state.run];
    if (attempts === undefined || i < 0) {
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
    const logs = decisionLogs[state.run] ?? (decisionLogs[state.run] = decisionsOf(state.run));
    const log = await logs;
    if (log === null) {
      rows.push(['why', info.dataset.reasons === 'left-out' ? 'left out of this page to keep it under 5 MB: the run’s decisions.jsonl has it' : 'run with --explain to record each launch’s reason']);
    } else {
      const record = log.get(i);
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

  const loadButton = /** @type {HTMLButtonElement} */ (byId('gantt-load'));

  /**
   * Run `s`'s attempts, decoded once; undefined while they wait in the file beside the page.
   * @param {number} s
   * @returns {Promise<Attempts | undefined>}
   */
  async function attemptsOfRun(s) {
    const cached = attemptsOf[s];
    if (cached !== undefined) return cached;
    const element = byId(`report-attempts-${s}`);
    if (element.dataset.src !== undefined) return undefined;
    const bytes = await inflateBase64(element.textContent ?? '');
    const tasksElement = document.getElementById(`report-attempt-tasks-${s}`);
    const tasks = tasksElement === null ? undefined : await inflateBase64(tasksElement.textContent ?? '');
    return (attemptsOf[s] = decodeAttempts(bytes, Number(element.dataset.count), (element.dataset.columns ?? '').split(','), (element.dataset.columnBytes ?? '').split(',').map(Number), tasks));
  }

  /**
   * Loads run `s`'s attempts from the file beside the page.
   * @param {number} s
   */
  async function loadBeside(s) {
    const element = byId(`report-attempts-${s}`);
    const data = await loadBesideAttempts(s, element.dataset.src ?? '', element.dataset.digest ?? '');
    besideDecisions[s] = data.decisions;
    const columns = (element.dataset.columns ?? '').split(',');
    attemptsOf[s] = decodeAttempts(await inflateBase64(data.attempts), Number(element.dataset.count), columns, (element.dataset.columnBytes ?? '').split(',').map(Number), await inflateBase64(data.tasks));
  }

  loadButton.addEventListener('click', () => {
    const s = state.run;
    loadButton.disabled = true;
    ganttStatus.textContent = `${model.runs[s].scheduler}: loading ${byId(`report-attempts-${s}`).dataset.src}…`;
    loadBeside(s).then(
      () => (s === state.run ? showRun() : undefined),
      (/** @type {Error} */ error) => {
        loadButton.disabled = false;
        ganttStatus.textContent = error.message;
      },
    );
  });

  /**
   * Run `s`'s overview, when the page carries one (its attempts wait beside it).
   * @param {number} s
   */
  async function overviewOf(s) {
    const element = document.getElementById(`report-overview-${s}`);
    if (element === null) return null;
    const { bins, binWidth, levels } = element.dataset;
    return decodeOverview(await inflateBase64(element.textContent ?? ''), model.nodes.ids.length, Number(bins), Number(binWidth), Number(levels));
  }

  async function showRun() {
    const attempts = await attemptsOfRun(state.run);
    const element = byId(`report-attempts-${state.run}`);
    const scheduler = model.runs[state.run].scheduler;
    loadButton.hidden = attempts !== undefined;
    loadButton.disabled = false;
    const overview = await overviewOf(state.run);
    gantt.show(attempts ?? null, overview);
    const count = Number(element.dataset.count).toLocaleString('en');
    if (attempts === undefined) {
      loadButton.textContent = `Load every attempt (${element.dataset.src})`;
      ganttStatus.textContent = `${scheduler}: how busy ${gantt.rows.length} nodes’ lanes were; the ${count} attempts wait in ${element.dataset.src}`;
    } else {
      const zoom = gantt.overview === null ? '' : ' (drawn as the overview until you zoom in)';
      ganttStatus.textContent = `${scheduler}: ${count} attempts on ${gantt.rows.length} of ${model.nodes.ids.length} nodes${zoom}`;
    }
    info.innerHTML = '<p class="note">No task selected.</p>';
    drawShares();
  }

  /** @param {number} s */
  async function chooseRun(s) {
    state.run = s;
    for (const button of document.querySelectorAll('.toolbar button[data-run]')) button.setAttribute('aria-pressed', String(Number(/** @type {HTMLElement} */ (button).dataset.run) === s));
    await showRun();
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
    ganttStatus.textContent = `${model.runs[state.run].scheduler}: ${shown} of ${model.nodes.ids.length} nodes shown`;
  });
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
  await showRun();
  document.body.dataset.ready = 'true';
}

startReport().catch((error) => {
  document.body.dataset.ready = 'failed';
  const note = document.createElement('p');
  note.className = 'warnings';
  note.textContent = `The charts could not be drawn: ${error instanceof Error ? error.message : String(error)}. The tables above still hold the figures.`;
  document.querySelector('main')?.prepend(note);
});
