/**
 * A planner's number as its table prints it: at most four decimals, trailing
 * zeros dropped (107/3 prints as 35.6667), with its unit when one is given;
 * `--format json` keeps every digit.
 */
export function plannedNumber(value: number | null, unit = ''): string {
  if (value === null) return '—';
  const text = String(Number(value.toFixed(4)));
  return unit === '' ? text : `${text} ${unit}`;
}
