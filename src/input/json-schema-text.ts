/**
 * The JSON Schema of an input format, from its zod schema, as the text
 * written to docs/*.schema.json for editors (what one may write: defaults
 * left out, quantities with units). `npm run schema` writes the files; a test
 * beside each format keeps its file in step.
 */
import { z } from 'zod';

export function jsonSchemaText(schema: z.ZodType, title: string, description: string): string {
  const { $schema, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return JSON.stringify({ $schema, title, description, ...rest }, null, 2) + '\n';
}
