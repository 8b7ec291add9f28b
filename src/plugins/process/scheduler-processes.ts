/**
 * `--scheduler-process "CMD"`: a scheduler written in any language, run as
 * a child process that speaks the decision protocol
 * (docs/decision-protocol.md). The command starts once per mrsched command
 * (per worker thread in a sweep), says hello with the name its runs go by,
 * and plays every run of that scheduler in turn, each begun by a `run`
 * message. A process named like a registered scheduler stands in for it.
 */
import { z } from 'zod';
import type { SchedulerFactory, SchedulerRegistry } from '../../sched/index.js';
import { PROTOCOL_VERSION, ProcessMessages } from './decision-protocol.js';
import { ProcessChannel } from './process-channel.js';
import { ProcessConversation } from './process-conversation.js';
import { runMessage } from './process-messages.js';
import { ProcessPolicy } from './process-policy.js';

/** A scheduler process's options: `schedulerOptions.<its name>`, handed to it as they are, for it to check. */
const PROCESS_OPTIONS = z.record(z.string(), z.unknown());

/** `registry` with a scheduler for each command, started and greeted in order; the names they gave. */
export function registryWithProcesses(registry: SchedulerRegistry, commands: readonly string[]): { registry: SchedulerRegistry; names: string[] } {
  const names: string[] = [];
  for (const command of commands) {
    const factory = processScheduler(command);
    names.push(factory.name);
    registry = registry.with(factory);
  }
  return { registry, names };
}

/** Starts `command` and greets it: the scheduler factory whose runs it plays. */
export function processScheduler(command: string): SchedulerFactory<Readonly<Record<string, unknown>>> {
  const greeting = new ProcessConversation(new ProcessChannel(command), command);
  const hello = new ProcessMessages(command).hello(greeting.ask({ type: 'hello', protocol: PROTOCOL_VERSION }));
  const conversation = greeting.named(hello.name);
  const messages = new ProcessMessages(hello.name);
  return {
    name: hello.name,
    summary: hello.summary === '' ? `a scheduler process: ${command}` : hello.summary,
    source: `scheduler process: ${command}`,
    options: PROCESS_OPTIONS,
    optionDescriptions: {},
    create(setup) {
      messages.ready(conversation.ask(runMessage(setup)));
      return new ProcessPolicy(setup.name, hello.declinesUntilStateChanges, hello.eventsNeedAnswers, conversation, messages);
    },
  };
}
