/**
 * A run's policy played by a scheduler process through the decision
 * protocol: the port's calls become messages, the process's answers become
 * `Decisions` calls, checked by the port as any policy's are.
 *
 * Events (a job submitted, a task started or ended, a job finished, a node
 * failed or recovered) are kept until the instant's next question to the
 * process: the node offering its slots, or a wake. So that an instant's
 * events reach the process at that instant even when no node asks, the first
 * of them asks the port for a wake at the same time: wakes come after the
 * instant's other events and before its heartbeats (`sim/event-types.ts`),
 * so one message carries the instant's events. A process whose hello says it
 * decides nothing on events alone is spared that message: its events wait
 * for the next offer or wake. An instant has one such wake (a time is woken
 * once): an event that comes after it (a kill carried out at a heartbeat)
 * goes with the next message, an offer of the same instant or a later one.
 *
 * A heartbeat is offered until the process launches nothing, or the node has
 * no free slot: a process may launch one task per answer and see the state
 * the launch leaves before the next. Before it answers an offer, it may ask
 * the port's look-ups that the offer does not carry (those that consult
 * speculation), each answered at once.
 */
import type { ClusterView, Decisions, JobView, NodeView, Policy, TaskEnd } from '../../sched/index.js';
import { ProtocolError, type ProcessDecision, type ProcessMessages, type ProcessQuery } from './decision-protocol.js';
import { instantMessage, jobFinished, jobSubmitted, nodeChanged, offerMessage, taskEnded, taskStarted, type ProcessEvent, type ProcessRequest } from './process-messages.js';
import type { ProcessConversation } from './process-conversation.js';

export class ProcessPolicy implements Policy {
  /** Active jobs by index: what a decision's job index names. */
  readonly #jobs = new Map<number, JobView>();
  /** Events not yet sent. */
  #events: ProcessEvent[] = [];
  /** The time of the last wake asked for to send events: one per instant. */
  #sendAt = NaN;
  /** Times of the wakes the process asked for and has not had. */
  readonly #wakes = new Set<number>();
  /** Heartbeats offered so far: an offer repeated within one heartbeat keeps its number. */
  #heartbeats = 0;

  constructor(
    readonly name: string,
    readonly declinesUntilStateChanges: boolean,
    private readonly eventsNeedAnswers: boolean,
    private readonly conversation: ProcessConversation,
    private readonly messages: ProcessMessages,
  ) {}

  onJobSubmitted(job: JobView, view: ClusterView, decisions: Decisions): void {
    this.#jobs.set(job.index, job);
    this.keep(jobSubmitted(job), view, decisions);
  }

  onTaskEnded(end: TaskEnd, view: ClusterView, decisions: Decisions): void {
    this.keep(taskEnded(end), view, decisions);
  }

  onJobFinished(job: JobView, view: ClusterView, decisions: Decisions): void {
    this.#jobs.delete(job.index);
    this.keep(jobFinished(job), view, decisions);
  }

  onNodeFailed(node: NodeView, view: ClusterView, decisions: Decisions): void {
    this.keep(nodeChanged('nodeFailed', node), view, decisions);
  }

  onNodeRecovered(node: NodeView, view: ClusterView, decisions: Decisions): void {
    this.keep(nodeChanged('nodeRecovered', node), view, decisions);
  }

  onWake(view: ClusterView, decisions: Decisions): void {
    const asked = this.#wakes.delete(view.now);
    if (!asked && this.#events.length === 0) return;
    const type = asked ? 'wake' : 'events';
    const what = `the answer to ${type} at ${view.now} s`;
    this.carryOut(this.messages.decisions(this.conversation.ask(instantMessage(type, view.now, this.takeEvents()), what), what), null, decisions);
  }

  onHeartbeat(node: NodeView, view: ClusterView, decisions: Decisions): void {
    const heartbeat = ++this.#heartbeats;
    const what = `the answer to the offer of node ${node.index} at ${view.now} s`;
    for (;;) {
      let answer = this.messages.offerAnswer(this.conversation.ask(offerMessage(view.now, this.takeEvents(), heartbeat, node, view), what), what);
      while (!Array.isArray(answer)) answer = this.messages.offerAnswer(this.conversation.ask(this.lookUp(answer, node, view), what), what);
      const launched = this.carryOut(answer, node, decisions);
      // Only the node's own slots are looked at: whether anything may be backed up is the process's to ask.
      if (launched === 0 || (node.freeMapSlots === 0 && node.freeReduceSlots === 0)) return;
    }
  }

  /** The port's answer to a look-up, asked when the process asks it: some look-ups move the speculation rules' state, so none is made unasked. */
  private lookUp(query: ProcessQuery, node: NodeView, view: ClusterView): ProcessRequest {
    if (query.type === 'mayBackUp') return { type: 'answer', value: query.kind === 'map' ? view.mayBackUpMaps : view.mayBackUpReduces };
    const job = this.activeJob(query.job, `a ${query.type} look-up`);
    return { type: 'answer', value: query.type === 'findMap' ? view.findMap(job, node, query.level) : view.findReduce(job, node) };
  }

  /** Keeps an event for the instant's next message, and makes sure the instant has one. */
  private keep(event: ProcessEvent, view: ClusterView, decisions: Decisions): void {
    if (this.eventsNeedAnswers && this.#sendAt !== view.now) decisions.wakeAt((this.#sendAt = view.now));
    this.#events.push(event);
  }

  private takeEvents(): ProcessEvent[] {
    const events = this.#events;
    this.#events = [];
    return events;
  }

  /** Carries out `list` in order; returns how many tasks it launched (on `node`, the offered one). */
  private carryOut(list: readonly ProcessDecision[], node: NodeView | null, decisions: Decisions): number {
    let launched = 0;
    for (const decision of list) {
      if (decision.do === 'wake') {
        decisions.wakeAt(decision.at);
        this.#wakes.add(decision.at);
        continue;
      }
      const job = this.activeJob(decision.job, `a decision on ${decision.kind} ${decision.task}`);
      if (decision.do === 'kill') {
        decisions.kill(job, decision.kind, decision.task);
        continue;
      }
      // A launch is read only in the answer to an offer (`ProcessMessages.offerAnswer`), which names the node.
      const offered = node!;
      const locality = decision.kind === 'map' ? decisions.launchMap(job, decision.task) : (decisions.launchReduce(job, decision.task), null);
      // The process's own launch, confirmed with the locality it runs at in the next message: no wake of its own.
      this.#events.push(taskStarted(job, decision.kind, decision.task, offered, locality));
      launched++;
    }
    return launched;
  }

  private activeJob(index: number, what: string): JobView {
    const job = this.#jobs.get(index);
    if (job === undefined) throw new ProtocolError(this.name, what, 'job', 'the index of an active job (submitted, not finished)', String(index));
    return job;
  }
}
