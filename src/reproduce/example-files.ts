/** Files of the repository's examples/ that experiments read, found from this module (in src/ or dist/ alike), not the working directory. */
import { fileURLToPath } from 'node:url';

export function examplePath(relative: string): string {
  return fileURLToPath(new URL(`../../examples/${relative}`, import.meta.url));
}
