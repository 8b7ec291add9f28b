/**
 * The schema of an id in an input file (a job, a server, a vertex, a
 * resource): a non-empty string without control or bidirectional formatting
 * characters (text-characters.ts), as ids go into CSV files, YAML, tables
 * and the terminal. `noun` names it in problems ('id', 'vertex id').
 */
import { z } from 'zod';
import { SAFE_NAME, WITHOUT_UNSAFE_CHARACTERS } from './text-characters.js';

export function idSchema(noun = 'id') {
  const article = /^[aeiou]/.test(noun) ? 'an' : 'a';
  return z
    .string({ error: `${article} ${noun} (a non-empty string)` })
    .min(1, { error: `a non-empty ${noun}` })
    .regex(SAFE_NAME, { error: `${article} ${noun} ${WITHOUT_UNSAFE_CHARACTERS}` });
}
