// The live page of `mrsched serve` (../live-page.ts): lists the served
// directory's scenarios and the comparisons it finished before, starts a
// comparison, and follows its server-sent events (../../cli/live-messages.ts):
// the share of jobs done, each scheduler's running maps and reduces over
// simulated time, each pool's running maps; then links the finished report.
// A run's lines grow from its progress events (a handful a run) and are
// replaced by its even series of simulated time once it ends.

const liveLibrary = /** @type {any} */ (window).echarts;
const LIVE_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#000000', '#F0E442'];

/**
 * @param {string} id
 * @returns {HTMLElement}
 */
function element(id) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}

/**
 * A chart of lines over simulated time.
 * @param {string} id
 * @param {string} title
 * @param {string} axis
 */
function lineChart(id, title, axis) {
  const chart = liveLibrary.init(element(id), null, { renderer: 'canvas' });
  chart.setOption({
    animation: false,
    aria: { enabled: true },
    title: { text: title, left: 0, textStyle: { fontSize: 14 } },
    tooltip: { trigger: 'axis' },
    legend: { top: 24, type: 'scroll' },
    grid: { left: 52, right: 20, top: 64, bottom: 40 },
    xAxis: { type: 'value', name: 'simulated time (s)', nameLocation: 'middle', nameGap: 24, min: 0 },
    yAxis: { type: 'value', name: axis },
    series: [],
  });
  window.addEventListener('resize', () => chart.resize());
  return chart;
}

/**
 * Series of lines by name, grown point by point and redrawn.
 * @param {any} chart
 */
function growingLines(chart) {
  /** @type {Map<string, number[][]>} */
  const lines = new Map();
  return {
    /**
     * @param {string} name
     * @param {number} x
     * @param {number} y
     */
    add(name, x, y) {
      const points = lines.get(name) ?? [];
      points.push([x, y]);
      lines.set(name, points);
    },
    /**
     * @param {string} name
     * @param {number[]} xs
     * @param {number[]} ys
     */
    set(name, xs, ys) {
      lines.set(name, xs.map((x, i) => [x, ys[i]]));
    },
    clear() {
      lines.clear();
    },
    draw() {
      chart.setOption({
        series: [...lines.entries()].map(([name, data], i) => ({ name, type: 'line', showSymbol: false, step: 'end', color: LIVE_COLOURS[i % LIVE_COLOURS.length], data })),
      }, { replaceMerge: ['series'] });
    },
  };
}

/**
 * A run of the comparison as its lines are named: the scheduler, and from the second replication on its number.
 * @param {{ scheduler: string, replication: number }} data
 */
function runLabel(data) {
  return data.replication > 0 ? `${data.scheduler} #${data.replication + 1}` : data.scheduler;
}

/** The comparisons this directory holds from before, newest first, each a link to its report. */
async function listEarlierRuns() {
  const { runs } = await (await fetch('api/runs')).json();
  const list = element('earlier-runs');
  list.replaceChildren(
    ...runs.map((/** @type {any} */ run) => {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = run.report;
      link.target = '_blank';
      link.rel = 'noopener';
      link.textContent = run.name;
      const seeds = run.seeds.length === 1 ? 'seed ' + run.seeds[0] : `${run.seeds.length} seeds`;
      const what = run.scenario === null ? ' (no summary)' : `: ${run.scenario}, ${run.schedulers.join(', ')}, ${seeds}`;
      item.append(link, what);
      return item;
    }),
  );
  element('earlier-none').hidden = runs.length > 0;
}

/**
 * A scheduler's checkbox, its name as its label.
 * @param {string} name
 */
function schedulerBox(name) {
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.name = 'scheduler';
  box.value = name;
  const label = document.createElement('label');
  label.append(box, ` ${name}`);
  return label;
}

async function startLivePage() {
  const scenarioSelect = /** @type {HTMLSelectElement} */ (element('scenario'));
  const listing = await (await fetch('api/scenarios')).json();
  scenarioSelect.replaceChildren(...listing.scenarios.map((/** @type {string} */ path) => new Option(path, path)));
  element('scheduler-choices').append(...listing.schedulers.map(schedulerBox));
  const maps = growingLines(lineChart('chart-live-maps', 'Running maps', 'maps'));
  const reduces = growingLines(lineChart('chart-live-reduces', 'Running reduces', 'reduces'));
  const poolChart = lineChart('chart-live-pools', 'Running maps by pool in the run going on', 'maps');
  const pools = growingLines(poolChart);
  /** @param {string} text */
  const poolTitle = (text) => poolChart.setOption({ title: { text } });
  const status = element('live-status');
  await listEarlierRuns();
  const bar = /** @type {HTMLProgressElement} */ (element('live-progress'));
  /** @type {EventSource | null} */
  let events = null;

  element('start-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const error = element('start-error');
    error.hidden = true;
    const ticked = [...document.querySelectorAll('#scheduler-choices input:checked')].map((box) => /** @type {HTMLInputElement} */ (box).value);
    const typed = (/** @type {HTMLInputElement} */ (element('schedulers'))).value.split(',').map((s) => s.trim()).filter((s) => s !== '');
    const schedulers = [...new Set([...ticked, ...typed])];
    const replications = Number((/** @type {HTMLInputElement} */ (element('replications'))).value);
    const response = await fetch('api/runs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario: scenarioSelect.value, schedulers, replications }) });
    const answer = await response.json();
    if (!response.ok) {
      error.textContent = answer.error;
      error.hidden = false;
      return;
    }
    events?.close();
    for (const lines of [maps, reduces, pools]) lines.clear();
    element('live').hidden = false;
    element('live-report').hidden = true;
    let total = 1;
    let finishedJobs = 0;
    let current = '';
    // Once a run has ended, the pool chart shows the last ended run's even series rather than another's few samples.
    let poolsOfEndedRun = false;
    poolTitle('Running maps by pool in the run going on');
    const started = performance.now();
    events = new EventSource(answer.events);
    events.addEventListener('message', (message) => {
      const data = JSON.parse(message.data);
      if (data.type === 'start') {
        total = data.schedulers.length * data.replications * data.jobs;
        status.textContent = `running ${data.schedulers.join(', ')} × ${data.replications} on ${data.jobs} jobs${data.notes.length > 0 ? ` (note: ${data.notes.join(' ')})` : ''}`;
      } else if (data.type === 'progress') {
        const run = runLabel(data);
        if (run !== current) {
          if (current !== '') finishedJobs += data.jobsTotal;
          current = run;
          if (!poolsOfEndedRun) pools.clear();
        }
        const done = finishedJobs + data.jobsDone;
        const seconds = (performance.now() - started) / 1000;
        const rate = seconds > 0 ? done / seconds : 0;
        const left = rate > 0 ? ` · about ${Math.ceil((total - done) / rate)} s left` : '';
        bar.value = done / total;
        status.textContent = `${Math.floor((100 * done) / total)}% · ${done}/${total} jobs · ${rate.toFixed(1)} jobs/s${left} · ${run}, simulated ${data.now.toFixed(0)} s`;
        let runningMaps = 0;
        let runningReduces = 0;
        for (const pool of data.pools) {
          runningMaps += pool.maps;
          runningReduces += pool.reduces;
          if (!poolsOfEndedRun) pools.add(pool.pool, data.now, pool.maps);
        }
        maps.add(run, data.now, runningMaps);
        reduces.add(run, data.now, runningReduces);
        for (const lines of [maps, reduces, pools]) lines.draw();
      } else if (data.type === 'series') {
        const run = runLabel(data);
        maps.set(run, data.times, data.runningMaps);
        reduces.set(run, data.times, data.runningReduces);
        pools.clear();
        for (const pool of data.pools) pools.set(pool.pool, data.times, pool.maps);
        poolsOfEndedRun = true;
        poolTitle(`Running maps by pool under ${run}, the last run that ended`);
        for (const lines of [maps, reduces, pools]) lines.draw();
      } else if (data.type === 'done') {
        bar.value = 1;
        status.textContent = 'finished';
        const link = /** @type {HTMLAnchorElement} */ (element('report-link'));
        link.href = answer.report;
        element('live-report').hidden = false;
        events?.close();
        void listEarlierRuns();
      } else if (data.type === 'failed') {
        status.textContent = `failed: ${data.message}`;
        events?.close();
      }
    });
  });
  document.body.dataset.ready = 'true';
}

startLivePage().catch((/** @type {Error} */ error) => {
  document.body.dataset.ready = 'false';
  element('start-error').textContent = `The page could not start: ${error.message}`;
  element('start-error').hidden = false;
});
