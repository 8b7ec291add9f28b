import { describe, expect, it } from 'vitest';
import { attrs, element, escapeXml, num, svgRoot, truncate } from './svg.js';

describe('escapeXml', () => {
  it('escapes the five markup characters so user text never becomes markup', () => {
    expect(escapeXml(`<script>alert("x") & 'y'</script>`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;',
    );
  });

  it('leaves other text, including non-ASCII, as it is', () => {
    expect(escapeXml('nœud-1 · rack β')).toBe('nœud-1 · rack β');
  });
});

describe('num', () => {
  it('prints at most two decimals without trailing zeros', () => {
    expect(num(1.5)).toBe('1.5');
    expect(num(2)).toBe('2');
    expect(num(1 / 3)).toBe('0.33');
    expect(num(10.005, 1)).toBe('10');
  });

  it('never prints -0, exponents or non-finite values', () => {
    expect(num(-0.001)).toBe('0');
    expect(num(1e-7)).toBe('0');
    expect(num(1e300)).toBe('1000000000');
    expect(num(Number.NaN)).toBe('0');
  });
});

describe('attributes and elements', () => {
  it('escapes attribute values and leaves out null ones', () => {
    expect(attrs({ a: 'x"y', b: null, c: 1.25, d: undefined })).toBe(' a="x&quot;y" c="1.25"');
    expect(element('rect', { x: 1 })).toBe('<rect x="1"/>');
    expect(element('g', {}, '<rect/>')).toBe('<g><rect/></g>');
  });

  it('names a chart by its title and description for assistive technology', () => {
    const svg = svgRoot({ id: 'c1', width: 100, height: 50, title: 'A <b>', description: 'D' }, '');
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-labelledby="c1-title c1-desc"');
    expect(svg).toContain('<title id="c1-title">A &lt;b&gt;</title>');
  });

  it('truncates long labels with an ellipsis', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
  });
});
