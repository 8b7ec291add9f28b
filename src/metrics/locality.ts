/**
 * Map locality: of the succeeded map attempts that read input (locality other
 * than `none`), the percentage that read it from their own node, from their
 * rack, and from another rack. Failed and killed attempts are left out: they
 * do not decide where a task's input was finally read.
 */
import {
  KIND_MAP,
  LOCALITY_NODE,
  LOCALITY_OFF,
  LOCALITY_RACK,
  STATUS_SUCCEEDED,
  type AttemptTable,
} from '../model/index.js';

export interface LocalityMetrics {
  /** Percent; the three sum to 100, or are all null when no succeeded map read input. */
  readonly mapNodeLocal: number | null;
  readonly mapRackLocal: number | null;
  readonly mapOffRack: number | null;
}

export function localityMetrics(attempts: AttemptTable): LocalityMetrics {
  const { kind, status, locality } = attempts;
  let node = 0;
  let rack = 0;
  let off = 0;
  for (let i = 0; i < attempts.count; i++) {
    if (kind[i] !== KIND_MAP || status[i] !== STATUS_SUCCEEDED) continue;
    const l = locality[i];
    if (l === LOCALITY_NODE) node++;
    else if (l === LOCALITY_RACK) rack++;
    else if (l === LOCALITY_OFF) off++;
  }
  const total = node + rack + off;
  if (total === 0) return { mapNodeLocal: null, mapRackLocal: null, mapOffRack: null };
  return { mapNodeLocal: (100 * node) / total, mapRackLocal: (100 * rack) / total, mapOffRack: (100 * off) / total };
}
