/**
 * The worked instance of spec 2.8 (ours, not the paper's: the paper has no
 * numeric example): two machines of speeds 2 and 1, three jobs released at 0.
 *
 *   J1: maps [4, 4, 2], reduce [3],    w = 1   D = 13
 *   J2: maps [6, 2],    reduces [2, 2], w = 2   D = 12
 *   J3: map [1],        reduce [1],    w = 1   D = 2
 */
import type { DmrsInstance } from '../dmrs-instance.js';

export const WORKED_INSTANCE: DmrsInstance = {
  machines: [
    { id: 'm1', speed: 2 },
    { id: 'm2', speed: 1 },
  ],
  jobs: [
    { id: 'J1', weight: 1, release: 0, maps: [4, 4, 2], reduces: [3] },
    { id: 'J2', weight: 2, release: 0, maps: [6, 2], reduces: [2, 2] },
    { id: 'J3', weight: 1, release: 0, maps: [1], reduces: [1] },
  ],
};
