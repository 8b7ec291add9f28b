export { combinedVerdict, judgeInterval, type Claim, type ClaimReference, type ClaimShape, type ClaimVerdict, type DifferenceInterval } from './claim.js';
export { judgeClaim, percentOfReference, placedCellGroup, type ClaimCell, type PlacedGroup } from './judge-claim.js';
export { claimPanels, type ClaimMap, type ClaimMapAxis, type ClaimPanel, type JudgedClaim } from './claim-map.js';
export { regionSummary } from './claim-summary.js';
export { claimCellText, VERDICT_MARKS } from './claim-cell-text.js';
export { claimMapText } from './claim-map-text.js';
export { CLAIM_MAP_FILES, writeClaimMapOutputs } from './claim-map-outputs.js';
