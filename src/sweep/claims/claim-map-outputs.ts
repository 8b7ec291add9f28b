/** A claim map's files, each written whole beside its sweep's: claim-map.csv and claim-map.html. */
import { join } from 'node:path';
import { writeFileAtomically } from '../atomic-file.js';
import { tableCsv } from '../sweep-tables.js';
import type { ClaimMap } from './claim-map.js';
import { renderClaimMapReport } from './claim-map-report.js';
import { claimMapTable } from './claim-map-table.js';

export const CLAIM_MAP_FILES = ['claim-map.csv', 'claim-map.html'] as const;

export function writeClaimMapOutputs(dir: string, map: ClaimMap): void {
  writeFileAtomically(join(dir, CLAIM_MAP_FILES[0]), tableCsv(claimMapTable(map)));
  writeFileAtomically(join(dir, CLAIM_MAP_FILES[1]), renderClaimMapReport(map));
}
