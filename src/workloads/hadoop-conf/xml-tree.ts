/**
 * A small XML document read into a tree of elements that remember where
 * they start (line and column), for Hadoop's configuration files. The
 * well-formedness rules are the `saxes` parser's (XML 1.0); this file only
 * keeps what the readers need: element names, attributes, their text and
 * their children, in order.
 *
 * Hostile input: a DOCTYPE is refused, so no DTD is read and no entity is
 * defined or expanded (an undefined entity is a well-formedness problem,
 * which saxes reports); nesting deeper than MAX_DEPTH and more than
 * MAX_ELEMENTS elements are refused, since no configuration comes near them
 * and the readers walk the tree recursively. The file's size is held to the
 * file limit before it is read (conf-directory.ts).
 */
import { SaxesParser } from 'saxes';
import type { InputProblem } from '../../util/input-error.js';

export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** The element's own text (its children's not included), as written but for entities and CDATA resolved. */
  readonly text: string;
  readonly line: number;
  readonly column: number;
}

/** Deeper than any configuration nests: the allocation file's queues are the deepest, a few levels. */
export const MAX_DEPTH = 64;
/** More elements than any configuration holds (Hadoop's own *-default.xml files have a few thousand). */
export const MAX_ELEMENTS = 200_000;
/** Well-formedness problems listed before the reading stops. */
const MAX_PROBLEMS = 10;

export type XmlResult = { readonly ok: true; readonly root: XmlElement } | { readonly ok: false; readonly problems: readonly InputProblem[] };

interface OpenElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string[];
  line: number;
  column: number;
}

/** The document's root element, or every problem that makes the text no XML document this reader takes. */
export function parseXml(text: string): XmlResult {
  const parser = new SaxesParser({ position: true });
  const problems: InputProblem[] = [];
  const stack: OpenElement[] = [];
  let root: XmlElement | undefined;
  let elements = 0;
  let stopped = false;
  const stop = (problem: InputProblem) => {
    problems.push(problem);
    stopped = true;
  };
  const here = () => ({ line: parser.line, column: Math.max(1, parser.column) });

  // Once stopped, the rest of the piece being parsed is not looked at.
  parser.on('error', (error) => {
    if (stopped) return;
    // saxes prefixes its messages with the position, which the problem carries apart.
    const message = error.message.replace(/^\d+:\d+: /, '');
    problems.push({ path: '', ...here(), expected: 'well-formed XML', found: message.replace(/\.$/, '') });
    if (problems.length >= MAX_PROBLEMS) stopped = true;
  });
  parser.on('doctype', () =>
    stop({ path: '', ...here(), expected: 'no DOCTYPE (DTDs and entities are not read)', found: 'a DOCTYPE declaration' }),
  );
  parser.on('opentagstart', (tag) => {
    if (stopped) return;
    elements++;
    // saxes has read the name and one character past it: the '<' is that far back.
    const column = Math.max(1, parser.column - tag.name.length - 1);
    if (stack.length >= MAX_DEPTH) stop({ path: tag.name, line: parser.line, column, expected: `elements nested at most ${MAX_DEPTH} deep`, found: 'deeper nesting' });
    else if (elements > MAX_ELEMENTS) stop({ path: tag.name, line: parser.line, column, expected: `at most ${MAX_ELEMENTS.toLocaleString('en')} elements in a configuration file`, found: 'more' });
    stack.push({ name: tag.name, attributes: {}, children: [], text: [], line: parser.line, column });
  });
  parser.on('opentag', (tag) => {
    if (stopped) return;
    const open = stack.at(-1);
    if (open === undefined) return;
    for (const [name, value] of Object.entries(tag.attributes)) open.attributes[name] = typeof value === 'string' ? value : value.value;
  });
  const addText = (text: string) => stack.at(-1)?.text.push(text);
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    if (stopped) return;
    const open = stack.pop();
    if (open === undefined) return;
    const element: XmlElement = { name: open.name, attributes: open.attributes, children: open.children, text: open.text.join(''), line: open.line, column: open.column };
    const parent = stack.at(-1);
    if (parent === undefined) root ??= element;
    else parent.children.push(element);
  });

  // Fed in pieces so that a problem that stops the reading stops it soon.
  const PIECE = 64 * 1024;
  for (let at = 0; at < text.length && !stopped; at += PIECE) parser.write(text.slice(at, at + PIECE));
  if (!stopped) parser.close();
  if (problems.length > 0) return { ok: false, problems };
  if (root === undefined) return { ok: false, problems: [{ path: '', expected: 'an XML document', found: 'no root element' }] };
  return { ok: true, root };
}

/** The text of `element` without the whitespace around it, as Hadoop trims values. */
export function trimmedText(element: XmlElement): string {
  return element.text.trim();
}
