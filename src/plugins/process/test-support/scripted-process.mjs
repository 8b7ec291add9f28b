// A scheduler process for tests, in plain Node: `node scripted-process.mjs MODE`.
// greedy: each offer launches the first active job's most local map, else its reduce (one per answer);
// every other mode answers one message wrongly, as its name says, once the run has started.
import process from 'node:process';
import { createInterface } from 'node:readline';

/** @typedef {{ index: number, findMap: number[] | null, findReduce: number | null }} Job */
/** @typedef {{ type: string, time: number, node: { freeMapSlots: number, freeReduceSlots: number }, jobs: Job[] }} Message */

const mode = process.argv[2] ?? 'greedy';
const send = (/** @type {unknown} */ message) => process.stdout.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);

/** @param {Message} offer */
function greedy(offer) {
  for (const job of offer.jobs) {
    if (offer.node.freeMapSlots > 0 && job.findMap !== null && job.findMap[2] >= 0) return [{ do: 'launch', kind: 'map', job: job.index, task: job.findMap[2] }];
  }
  for (const job of offer.jobs) {
    if (offer.node.freeReduceSlots > 0 && job.findReduce !== null && job.findReduce >= 0) return [{ do: 'launch', kind: 'reduce', job: job.index, task: job.findReduce }];
  }
  return [];
}

/** @type {Record<string, (message: Message) => void>} */
const WRONG = {
  'not-json': () => send('launch everything'),
  'no-type': () => send({ decisions: [] }),
  'bad-task': (offer) => send({ type: 'decisions', decisions: [{ do: 'launch', kind: 'map', job: offer.jobs[0].index, task: -1 }] }),
  'bad-kind': (offer) => send({ type: 'decisions', decisions: [{ do: 'kill', kind: 'shuffle', job: offer.jobs[0].index, task: 0 }] }),
  'unknown-job': () => send({ type: 'decisions', decisions: [{ do: 'launch', kind: 'map', job: 99, task: 0 }] }),
  'launch-on-event': () => send({ type: 'decisions', decisions: [{ do: 'launch', kind: 'map', job: 0, task: 0 }] }),
  'bad-level': (offer) => send({ type: 'findMap', job: offer.jobs[0].index, level: 'anywhere' }),
  'wake-in-past': (message) => send({ type: 'decisions', decisions: [{ do: 'wake', at: message.time - 1 }] }),
  exit: () => process.exit(3),
};

for await (const line of createInterface({ input: process.stdin })) {
  const message = /** @type {Message} */ (JSON.parse(line));
  if (message.type === 'hello') {
    send(mode === 'old-protocol' ? { type: 'hello', protocol: 0, name: 'scripted' } : { type: 'hello', protocol: 1, name: 'scripted', summary: 'a test process' });
  } else if (message.type === 'run') {
    send({ type: 'ready' });
  } else if (mode === 'greedy') {
    send({ type: 'decisions', decisions: message.type === 'offer' ? greedy(message) : [] });
  } else if (mode === 'launch-on-event' ? message.type === 'events' : message.type === 'offer' || mode === 'wake-in-past') {
    WRONG[mode](message);
  } else {
    send({ type: 'decisions', decisions: [] });
  }
}
