/**
 * Colours of the report: the Okabe–Ito palette, which stays distinguishable
 * under the common forms of colour-vision deficiency. Series colours skip its
 * yellow (too faint on white); past seven series, lines also differ by dash
 * pattern so no two series look alike.
 */

const OKABE_ITO = {
  black: '#000000',
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
} as const;

const SERIES_COLOURS: readonly string[] = [
  OKABE_ITO.blue,
  OKABE_ITO.orange,
  OKABE_ITO.bluishGreen,
  OKABE_ITO.vermillion,
  OKABE_ITO.reddishPurple,
  OKABE_ITO.skyBlue,
  OKABE_ITO.black,
];

const DASHES: readonly (string | null)[] = [null, '6 3', '2 2', '8 3 2 3'];

/** The colour of the i-th series (scheduler), in a fixed order. */
export function seriesColour(i: number): string {
  return SERIES_COLOURS[i % SERIES_COLOURS.length];
}

/** The dash pattern of the i-th series' line: solid for the first seven, then dashed variants. */
export function seriesDash(i: number): string | null {
  return DASHES[Math.floor(i / SERIES_COLOURS.length) % DASHES.length];
}

/** The fill of a claim map's cell by verdict: Okabe–Ito's green and vermillion, lightened so the cell's text stays readable; grey for a tie. */
export const VERDICT_FILLS = { holds: '#B3E2D5', fails: '#F2C6A6', tie: '#E4E7EB', unknown: '#FFFFFF' } as const;
