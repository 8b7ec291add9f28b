/**
 * A small tag-balance checker for the report's markup (tests only): every
 * element opened is closed, in order. Void HTML elements, self-closed tags,
 * comments, the doctype and the contents of <style> and <script> are skipped. Returns the
 * problems found, empty when the markup balances.
 */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

export function tagProblems(markup: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const body = markup.replace(/<!--[\s\S]*?-->/g, '').replace(/(<(style|script)[^>]*>)[\s\S]*?(<\/\2>)/gi, '$1$3');
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
  for (const match of body.matchAll(tag)) {
    const [, closing, rawName, , selfClosing] = match;
    const name = rawName.toLowerCase();
    if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> at ${match.index} closes <${open ?? 'nothing'}>`);
    } else if (!selfClosing && !VOID.has(name)) {
      stack.push(name);
    }
  }
  if (stack.length > 0) problems.push(`never closed: ${stack.map((n) => `<${n}>`).join(' ')}`);
  const stray = body.replace(tag, '').match(/<(?!!doctype)/gi);
  if (stray) problems.push(`${stray.length} '<' outside a tag`);
  return problems;
}
