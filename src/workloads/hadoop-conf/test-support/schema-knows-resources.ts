/**
 * Whether the scenario schema has the resource fields the hadoop-conf
 * importer writes (node memory and vcores, and so on): the tests that load
 * or simulate an imported scenario run once it has them.
 */
import { parseScenarioFile } from '../../../input/scenario-file.js';

export const SCHEMA_KNOWS_RESOURCES = parseScenarioFile({ cluster: { defaults: { memory: '8192 MB', vcores: 8 }, racks: [{ nodes: 1 }] } }).ok;
