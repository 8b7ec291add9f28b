export { LocalityPlacement, localityPlacement } from './locality.js';
export { HadoopReducePlacement, hadoopReducePlacement } from './hadoop-reduce.js';
