/**
 * Small helpers for hand-written SVG and HTML: escaping, numbers printed the
 * same way on every run, and the chart root element with its accessible name.
 */

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML/SVG element content and quoted attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * A coordinate or length for an attribute: at most `decimals` decimals, no
 * trailing zeros, never "-0" and never exponent form (magnitudes are clamped
 * to 10^9, far beyond any drawing).
 */
export function num(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return '0';
  const factor = 10 ** decimals;
  const rounded = Math.round(Math.max(-1e9, Math.min(1e9, value)) * factor) / factor;
  if (rounded === 0) return '0';
  if (Number.isInteger(rounded)) return String(rounded);
  return rounded.toFixed(decimals).replace(/0+$/, '');
}

export type AttributeValue = string | number | null | undefined;

/** Attributes in the given order; null and undefined ones are left out; strings are escaped. */
export function attrs(attributes: Readonly<Record<string, AttributeValue>>): string {
  let out = '';
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined) continue;
    out += ` ${name}="${typeof value === 'number' ? num(value) : escapeXml(value)}"`;
  }
  return out;
}

/** An element with escaped attributes and children given as markup (already escaped). */
export function element(name: string, attributes: Readonly<Record<string, AttributeValue>>, children?: string): string {
  return children === undefined ? `<${name}${attrs(attributes)}/>` : `<${name}${attrs(attributes)}>${children}</${name}>`;
}

/** A text label; `content` is plain text and gets escaped. */
export function text(
  x: number,
  y: number,
  content: string,
  attributes: Readonly<Record<string, AttributeValue>> = {},
): string {
  return element('text', { x, y, ...attributes }, escapeXml(content));
}

export interface SvgRootOptions {
  /** Unique within the page; the title and description ids derive from it. */
  readonly id: string;
  readonly width: number;
  readonly height: number;
  /** The chart's accessible name. */
  readonly title: string;
  /** A sentence saying what the chart shows. */
  readonly description: string;
}

/**
 * The chart's root element: scales with the page (viewBox), named by its
 * <title> and described by its <desc> for screen readers.
 */
export function svgRoot(options: SvgRootOptions, body: string): string {
  const { id, width, height } = options;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg"${attrs({
      id,
      class: 'chart',
      viewBox: `0 0 ${num(width)} ${num(height)}`,
      width,
      height,
      role: 'img',
      'aria-labelledby': `${id}-title ${id}-desc`,
    })}>` +
    `<title id="${escapeXml(id)}-title">${escapeXml(options.title)}</title>` +
    `<desc id="${escapeXml(id)}-desc">${escapeXml(options.description)}</desc>` +
    body +
    '</svg>'
  );
}

/** A label cut to at most `max` characters, with an ellipsis when cut. */
export function truncate(label: string, max: number): string {
  const chars = Array.from(label);
  return chars.length <= max ? label : chars.slice(0, Math.max(1, max - 1)).join('') + '…';
}

/** A rough width in pixels of a label in a sans-serif font (for layout, not for exact fitting). */
export function textWidth(label: string, fontSize: number): number {
  return Array.from(label).length * fontSize * 0.58;
}
