import { describe, expect, it } from 'vitest';
import { InputError } from '../../util/input-error.js';
import { siteFileOf } from './site-file.js';
import { parseXml } from './xml-tree.js';

function site(text: string) {
  const parsed = parseXml(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return siteFileOf('conf/yarn-site.xml', parsed.root);
}

describe('a Hadoop configuration file', () => {
  it('reads properties as elements or attributes, trimmed, with their lines', () => {
    const file = site('<configuration>\n<property><name> a.b </name><value> 1 </value></property>\n<property name="c" value="2" final="true"/>\n</configuration>');
    expect(file.properties.get('a.b')).toMatchObject({ value: '1', line: 2, final: false });
    expect(file.properties.get('c')).toMatchObject({ value: '2', line: 3, final: true });
  });

  it('keeps the last of a property set twice, but a final one against later ones, as Hadoop does', () => {
    const file = site(
      '<configuration>\n<property><name>x</name><value>1</value></property>\n<property><name>x</name><value>2</value></property>\n' +
        '<property><name>y</name><value>1</value><final>true</final></property>\n<property><name>y</name><value>2</value></property>\n</configuration>',
    );
    expect(file.properties.get('x')?.value).toBe('2');
    expect(file.properties.get('y')?.value).toBe('1');
    expect(file.remarks.join('\n')).toMatch(/x set at lines 2 and 3: the last \('2'\) kept/);
    expect(file.remarks.join('\n')).toMatch(/line 4 marks it final: '1' kept/);
  });

  it('keeps an empty value, skips properties without a name or value and other elements, and notes them', () => {
    const file = site('<configuration>\n<property><name>e</name><value></value></property>\n<property><value>1</value></property>\n<other/>\n<xi:include href="x.xml" xmlns:xi="http://www.w3.org/2001/XInclude"/>\n</configuration>');
    expect(file.properties.get('e')?.value).toBe('');
    expect(file.properties.size).toBe(1);
    expect(file.remarks.join('\n')).toMatch(/not followed/);
    expect(file.remarks.join('\n')).toMatch(/1 properties without a name skipped/);
    expect(file.remarks.join('\n')).toMatch(/1 <other> elements under <configuration> skipped/);
  });

  it('refuses another root element, and a final that is not true or false', () => {
    expect(() => site('<allocations/>')).toThrow(/expected the root element <configuration>, found <allocations>/);
    try {
      site('<configuration>\n<property><name>a</name><value>1</value><final>yes</final></property></configuration>');
      expect.unreachable();
    } catch (error) {
      expect((error as InputError).message).toMatch(/yarn-site\.xml:2:1: a: expected <final> true or false, found 'yes'/);
    }
  });
});
