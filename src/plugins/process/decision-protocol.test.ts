import { describe, expect, it } from 'vitest';
import { PolicyError } from '../../sched/index.js';
import { ProcessMessages, ProtocolError } from './decision-protocol.js';

const messages = new ProcessMessages('py-fifo');
const offer = 'the answer to the offer of node 3 at 12.5 s';

/** The error reading `line` as an answer to an offer throws. */
function offerError(line: string): ProtocolError {
  try {
    messages.offerAnswer(line, offer);
  } catch (error) {
    return error as ProtocolError;
  }
  throw new Error('no error');
}

describe("a scheduler process's hello", () => {
  it('gives the name, the summary and whether declines last', () => {
    expect(messages.hello('{"type":"hello","protocol":1,"name":"fifo-py","declinesUntilStateChanges":true}')).toEqual({
      name: 'fifo-py',
      summary: '',
      declinesUntilStateChanges: true,
      eventsNeedAnswers: true,
    });
    expect(messages.hello('{"type":"hello","protocol":1,"name":"fifo-py","eventsNeedAnswers":false}').eventsNeedAnswers).toBe(false);
  });

  it('refuses another protocol version and a name the registry would not take, naming the field', () => {
    expect(() => messages.hello('{"type":"hello","protocol":2,"name":"x"}')).toThrow(
      "scheduler process 'py-fifo' sent a bad message: the answer to hello, field protocol: expected protocol version 1 (this mrsched speaks no other), found 2",
    );
    expect(() => messages.hello('{"type":"hello","protocol":1,"name":"my fifo"}')).toThrow(/field name: expected a scheduler name: letters, digits, '-' and '_', found "my fifo"/);
  });
});

describe('the answer to an offer', () => {
  it('reads launches, kills and wakes in order, and the look-ups asked first', () => {
    const line = JSON.stringify({
      type: 'decisions',
      decisions: [
        { do: 'launch', kind: 'map', job: 2, task: 7 },
        { do: 'kill', kind: 'reduce', job: 1, task: 0 },
        { do: 'wake', at: 30.5 },
      ],
    });
    expect(messages.offerAnswer(line, offer)).toEqual([
      { do: 'launch', kind: 'map', job: 2, task: 7 },
      { do: 'kill', kind: 'reduce', job: 1, task: 0 },
      { do: 'wake', at: 30.5 },
    ]);
    expect(messages.offerAnswer('{"type":"findMap","job":2,"level":"rack"}', offer)).toEqual({ type: 'findMap', job: 2, level: 1 });
    expect(messages.offerAnswer('{"type":"findReduce","job":0}', offer)).toEqual({ type: 'findReduce', job: 0 });
    expect(messages.offerAnswer('{"type":"mayBackUp","kind":"map"}', offer)).toEqual({ type: 'mayBackUp', kind: 'map' });
  });

  it('names the message, the field, what was expected and what was found', () => {
    expect(offerError('launch everything').message).toBe(
      `scheduler process 'py-fifo' sent a bad message: ${offer}: expected one line of JSON, found "launch everything"`,
    );
    expect(offerError('[1]').message).toMatch(/: expected a JSON object, found \[1\]$/);
    expect(offerError('{"decisions":[]}').message).toMatch(/field type: expected 'decisions' or 'findMap' or 'findReduce' or 'mayBackUp', found none$/);
    expect(offerError('{"type":"decisions"}').message).toMatch(/field decisions: expected a list of decisions \(empty to decline\), found none$/);
    expect(offerError('{"type":"decisions","decisions":[{"do":"launch","kind":"map","job":0,"task":1.5}]}').message).toMatch(
      /field decisions\[0\]\.task: expected a task index \(a whole number ≥ 0\), found 1\.5$/,
    );
    expect(offerError('{"type":"decisions","decisions":[{"do":"wake","at":"soon"}]}').message).toMatch(/field decisions\[0\]\.at: expected a time in seconds \(a finite number\), found "soon"$/);
    expect(offerError('{"type":"decisions","decisions":[{"do":"preempt"}]}').message).toMatch(/field decisions\[0\]\.do: expected 'launch', 'kill' or 'wake', found "preempt"$/);
    expect(offerError('{"type":"findMap","job":1,"level":"anywhere"}').message).toBe(
      `scheduler process 'py-fifo' sent a bad message: a findMap look-up in ${offer}, field level: expected 'node', 'rack' or 'off-rack', found "anywhere"`,
    );
  });

  it('is a PolicyError: a bug in the process, which the command reports as a scheduler’s', () => {
    expect(offerError('{}')).toBeInstanceOf(PolicyError);
  });
});

describe('the answer to a wake or to the events of an instant', () => {
  it('may not launch: tasks launch only on a node offering its slots', () => {
    expect(() => messages.decisions('{"type":"decisions","decisions":[{"do":"launch","kind":"map","job":0,"task":0}]}', 'the answer to events at 4 s')).toThrow(
      `the answer to events at 4 s, field decisions[0].do: expected 'kill' or 'wake' (tasks launch only in answer to an offer), found "launch"`,
    );
    expect(messages.decisions('{"type":"decisions","decisions":[{"do":"wake","at":9}]}', 'the answer to wake at 4 s')).toEqual([{ do: 'wake', at: 9 }]);
  });
});
