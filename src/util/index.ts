export * from './input-error.js';
export { Random } from './random.js';
export { parseSize, parseBandwidth, parseDuration, formatSize, formatBandwidth, formatDuration } from './units.js';
