/** A report's page: the self-contained HTML document around its sections, with the report's stylesheet inlined. */
import { REPORT_CSS } from './html-style.js';
import { escapeXml } from './svg.js';

/** `sections` are markup; empty ones are left out. */
export function reportPage(title: string, sections: readonly string[]): string {
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `<title>${escapeXml(title)}</title>\n<style>${REPORT_CSS}</style>\n</head>\n<body>\n<main>\n` +
    sections.filter((s) => s !== '').join('\n') +
    '\n</main>\n</body>\n</html>\n'
  );
}
