/** Messages to a scheduler process and its answers, one line each; the process's end is the process's error, naming what it left unanswered. */
import { ProtocolError } from './decision-protocol.js';
import { ProcessEnded, type ProcessChannel } from './process-channel.js';
import type { ProcessRequest } from './process-messages.js';

export class ProcessConversation {
  constructor(
    private readonly channel: ProcessChannel,
    /** The process as errors name it: its command until it has said its name. */
    readonly name: string,
  ) {}

  /** The process's own name from now on. */
  named(name: string): ProcessConversation {
    return new ProcessConversation(this.channel, name);
  }

  /** Sends `message` and returns the line that answers it; `what` names that answer. */
  ask(message: ProcessRequest, what = `the answer to ${message.type}`): string {
    try {
      return this.channel.ask(JSON.stringify(message));
    } catch (error) {
      if (!(error instanceof ProcessEnded)) throw error;
      throw new ProtocolError(this.name, what, '', 'one line of JSON', `none: the process ${error.why} (what it wrote to stderr is above)`);
    }
  }
}
