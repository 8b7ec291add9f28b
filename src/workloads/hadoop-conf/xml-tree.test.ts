import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, parseXml } from './xml-tree.js';

describe('parseXml', () => {
  it('keeps elements with their line and column, attributes, and text with entities and CDATA resolved', () => {
    const result = parseXml('<?xml version="1.0"?>\n<?xml-stylesheet href="configuration.xsl"?>\n<a>\n  <b k="v">x &amp; <![CDATA[<y>]]></b>\n</a>');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.root).toMatchObject({ name: 'a', line: 3, column: 1 });
    expect(result.root.children[0]).toMatchObject({ name: 'b', attributes: { k: 'v' }, text: 'x & <y>', line: 4, column: 3 });
  });

  it('refuses a DOCTYPE, so that no entity is defined or expanded (the billion laughs)', () => {
    const result = parseXml('<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>\n<a>&lol2;</a>');
    expect(result).toMatchObject({ ok: false, problems: [{ line: 1, expected: 'no DOCTYPE (DTDs and entities are not read)', found: 'a DOCTYPE declaration' }] });
  });

  it('reports an undefined entity and a broken document at their places', () => {
    expect(parseXml('<a>&xxe;</a>')).toMatchObject({ ok: false, problems: [{ line: 1, expected: 'well-formed XML', found: 'undefined entity' }] });
    expect(parseXml('<a>\n<b></a>')).toMatchObject({ ok: false, problems: [{ line: 2, found: 'unexpected close tag' }] });
    expect(parseXml('no xml')).toMatchObject({ ok: false });
  });

  it(`refuses nesting deeper than ${MAX_DEPTH}`, () => {
    const deep = '<a>'.repeat(MAX_DEPTH + 1) + '</a>'.repeat(MAX_DEPTH + 1);
    expect(parseXml(deep)).toMatchObject({ ok: false, problems: [{ expected: `elements nested at most ${MAX_DEPTH} deep` }] });
  });
});
