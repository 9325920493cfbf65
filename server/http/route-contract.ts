import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

/**
 * A route's whole contract in its options (decision 018): params, query, body and success responses, each a
 * JSON Schema derived from a zod schema (most from core/), never written twice.
 *
 * Fastify uses the response schemas to serialise (fast-json-stringify: fast, and no stray field such as user_id
 * can leave the server). It does not validate requests with them: the same zod schemas do, in the handler through
 * parseInput (validation.ts), after the session is checked, so a request without a session still gets its 401
 * before any 400, and the error bodies and texts stay those of docs/product.md#catch (docs/decisions/018-one-catch-contract.md).
 * The JSON Schemas also make the OpenAPI document (openapi.ts).
 */

type JsonSchema = Record<string, unknown>;

export interface RouteContract {
  summary: string;
  /** False for the few public routes (sign-in, health, store listings); true by default. */
  signedIn?: boolean;
  params?: z.ZodObject;
  querystring?: z.ZodObject;
  body?: z.ZodObject;
  /** Success answers by status; null for one without a body (204). */
  response: Record<number, z.ZodType | null>;
  /** A body that is not JSON (a multipart upload), described for the document only. */
  bodyContent?: { mediaType: string; schema: JsonSchema };
  /** An answer that is not JSON (a photo), described for the document only. */
  responseContent?: { status: number; mediaType: string; description: string };
}

/** The route options for `contract`: its schema, and no second validator (zod in the handler is the one). */
export function routeContract(contract: RouteContract): {
  schema: FastifySchema;
  validatorCompiler: FastifySchemaCompiler<unknown>;
  config: { contract: RouteContract };
} {
  const response: Record<number, JsonSchema> = {};
  for (const [status, schema] of Object.entries(contract.response)) {
    response[Number(status)] = schema ? jsonSchemaOf(schema, 'output') : { type: 'null' };
  }
  const schema: FastifySchema = { response };
  if (contract.params) schema.params = jsonSchemaOf(contract.params, 'input');
  if (contract.querystring) schema.querystring = jsonSchemaOf(contract.querystring, 'input');
  if (contract.body) schema.body = jsonSchemaOf(contract.body, 'input');
  return { schema, validatorCompiler: acceptAsIs, config: { contract } };
}

/** Requests are checked by zod in the handler (see above): Fastify passes them on unchanged. */
const acceptAsIs: FastifySchemaCompiler<unknown> = () => (value) => ({ value });

/**
 * The JSON Schema of a zod schema as a request (`input`) or a response (`output`) carries it. Made for
 * fast-json-stringify: a nullable value is `type: [t, 'null']`, not an `anyOf` (which it would try branch by branch
 * on every value). For input, a field is required only when the schema refuses it missing (the catch fields turn a
 * missing value into null, so they are optional on the wire).
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  if (io === 'input' && schema instanceof z.ZodObject) {
    const required = Object.entries(schema.shape as Record<string, z.ZodType>)
      .filter(([, field]) => !field.safeParse(undefined).success)
      .map(([key]) => key);
    if (required.length > 0) json.required = required;
    else delete json.required;
    // Unknown fields are ignored (zod drops them), not refused.
    delete json.additionalProperties;
  }
  return collapseNullable(json) as JsonSchema;
}

function collapseNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(collapseNullable);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = collapseNullable(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex(
      (branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1,
    );
    const other = anyOf[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex !== -1 && other && typeof other.type === 'string') {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's contract, for the OpenAPI document (openapi.ts). */
    contract?: RouteContract;
  }
}
