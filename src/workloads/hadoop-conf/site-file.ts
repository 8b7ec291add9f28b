/**
 * A Hadoop configuration file (`yarn-site.xml`, `mapred-site.xml`,
 * `hdfs-site.xml`, `core-site.xml`, `capacity-scheduler.xml`):
 * `<configuration>` holding `<property>` elements, each with a `<name>`, a
 * `<value>` and optionally `<final>true</final>` (also as attributes of
 * `<property>`, which Hadoop 3 reads too). `<description>`, `<source>` and
 * `<tag>` are documentation for people and are skipped.
 *
 * As in Hadoop's Configuration: a property named twice keeps the last value,
 * unless an earlier one was final, which later ones may not override; a
 * property without a name or a value sets nothing. An element other than
 * `<property>` under `<configuration>` is skipped (Hadoop warns); an
 * `<include>` is not followed (the files read are the directory's own). A
 * root element other than `<configuration>` is an error, as in Hadoop.
 */
import { basename } from 'node:path';
import { InputError, type InputProblem } from '../../util/input-error.js';
import { readConfText } from './conf-directory.js';
import { parseXml, trimmedText, type XmlElement } from './xml-tree.js';

export interface SiteProperty {
  readonly name: string;
  readonly value: string;
  readonly line: number;
  readonly column: number;
  readonly final: boolean;
}

export interface SiteFile {
  readonly path: string;
  /** The file's base name, as notes name it. */
  readonly label: string;
  /** The value in force of each property set, by name. */
  readonly properties: ReadonlyMap<string, SiteProperty>;
  /** What the reader left out or settled, one phrase each (a duplicate, a skipped element). */
  readonly remarks: readonly string[];
}

const PROPERTY_FIELDS = new Set(['name', 'value', 'final', 'description', 'source', 'tag']);

/** Reads the file at `path`; an InputError with every problem of its XML, at their lines. */
export function readSiteFile(path: string): SiteFile {
  const what = 'a Hadoop configuration file (<configuration> with <property> elements)';
  const parsed = parseXml(readConfText(path, what));
  if (!parsed.ok) throw new InputError(path, parsed.problems);
  return siteFileOf(path, parsed.root);
}

/** The properties of a parsed configuration document. */
export function siteFileOf(path: string, root: XmlElement): SiteFile {
  const label = basename(path);
  if (root.name !== 'configuration') {
    throw new InputError(path, [{ path: '', line: root.line, column: root.column, expected: 'the root element <configuration>', found: `<${root.name}>` }]);
  }
  const properties = new Map<string, SiteProperty>();
  const remarks: string[] = [];
  const problems: InputProblem[] = [];
  const skipped = new Map<string, number[]>();
  const skip = (key: string, line: number) => skipped.set(key, [...(skipped.get(key) ?? []), line]);
  for (const element of root.children) {
    if (element.name === 'include' || element.name.endsWith(':include')) {
      remarks.push(`${label}:${element.line}: <${element.name}> not followed: only the directory's own files are read`);
      continue;
    }
    if (element.name !== 'property') {
      skip(`<${element.name}> elements under <configuration> skipped (Hadoop skips them with a warning)`, element.line);
      continue;
    }
    const fields = new Map<string, XmlElement>();
    for (const field of element.children) {
      if (PROPERTY_FIELDS.has(field.name)) fields.set(field.name, field);
      else skip(`<${field.name}> elements in a <property> skipped`, field.line);
    }
    const name = element.attributes.name ?? (fields.has('name') ? trimmedText(fields.get('name')!) : undefined);
    const valueField = fields.get('value');
    const value = element.attributes.value ?? (valueField === undefined ? undefined : trimmedText(valueField));
    const finalText = element.attributes.final ?? (fields.has('final') ? trimmedText(fields.get('final')!) : 'false');
    if (name === undefined || name === '') {
      skip('properties without a name skipped (they set nothing in Hadoop)', element.line);
      continue;
    }
    if (value === undefined) {
      skip('properties without a value skipped (they set nothing in Hadoop)', element.line);
      continue;
    }
    if (finalText !== 'true' && finalText !== 'false') {
      problems.push({ path: name, line: element.line, column: element.column, expected: '<final> true or false', found: `'${finalText}'` });
    }
    const property: SiteProperty = { name, value, line: element.line, column: element.column, final: finalText === 'true' };
    const before = properties.get(name);
    if (before === undefined) properties.set(name, property);
    else if (before.final) {
      remarks.push(`${label}: ${name} set again at line ${property.line} ('${property.value}'), but line ${before.line} marks it final: '${before.value}' kept, as Hadoop keeps a final value`);
    } else {
      remarks.push(`${label}: ${name} set at lines ${before.line} and ${property.line}: the last ('${property.value}') kept, as in Hadoop`);
      properties.set(name, property);
    }
  }
  if (problems.length > 0) throw new InputError(path, problems);
  for (const [what, lines] of skipped) remarks.push(`${label}: ${lines.length} ${what} (lines ${linesText(lines)})`);
  return { path, label, properties, remarks };
}

/** `3, 9, 12` or `3, 9, 12, … (40 in all)`. */
export function linesText(lines: readonly number[]): string {
  const shown = lines.slice(0, 5).join(', ');
  return lines.length > 5 ? `${shown}, … (${lines.length} in all)` : shown;
}
