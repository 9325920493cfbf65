import type { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * Checks a request body or query against a core schema. A failure is a 400 whose message is the first
 * problem (so a toast can show it) and whose `errors` map names every bad field.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'body';
    fieldErrors[field] ??= issue.message;
  }
  const first = result.error.issues[0];
  const message = first ? first.message : 'Invalid input';
  throw new AppError(400, 'INVALID_INPUT', message, fieldErrors);
}
