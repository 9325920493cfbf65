import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_ERROR_CODES } from '#core/api-error.ts';
import { APP_VERSION } from '#core/app-info.ts';
import { jsonSchemaOf, type RouteContract, routeContract } from './route-contract.ts';

export const OPENAPI_PATH = '/api/openapi.json';

type JsonSchema = Record<string, unknown>;

interface SeenRoute {
  method: string;
  url: string;
  contract: RouteContract | undefined;
}

/** Every error answer's body (docs/product.md#api-rules, decision 015). */
const errorBodySchema = z.object({
  message: z.string(),
  code: z.enum(API_ERROR_CODES),
  errors: z.record(z.string(), z.string()).optional(),
});

/**
 * GET /api/openapi.json (decision 018): an OpenAPI 3.1 document of every route the app registers, built from
 * the routes' own contracts (route-contract.ts), so it cannot drift from them. Public and free of secrets: it
 * describes shapes, never a deployment's settings. Call before any route is registered: it learns them as they are.
 */
export function installOpenApi(app: FastifyInstance, options: { sessionCookie: string }): void {
  const routes: SeenRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const contract = route.config?.contract;
    for (const method of methods) {
      // HEAD twins of GET routes and the static files' wildcard are not part of the API.
      if (method === 'HEAD' || route.url.includes('*')) continue;
      routes.push({ method: method.toLowerCase(), url: route.url, contract });
    }
  });

  let document: object | undefined;
  app.get(
    OPENAPI_PATH,
    routeContract({
      summary: 'This document',
      signedIn: false,
      response: { 200: z.object({ openapi: z.string() }).loose() },
    }),
    async (_request, reply) => {
      // Built once, on first request, when every route is known.
      document ??= openApiDocument(routes, options.sessionCookie);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(document));
    },
  );
}

function openApiDocument(routes: readonly SeenRoute[], sessionCookie: string): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const { method, url, contract } of routes) {
    const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][method] = contract ? operation(contract) : { responses: { default: errorResponse() } };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Tightlines API', version: APP_VERSION },
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(errorBodySchema, 'output') },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: sessionCookie } },
    },
  };
}

function errorResponse() {
  return {
    description: 'An error: { message, code, errors? }',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
}

function parameters(schema: z.ZodObject | undefined, where: 'path' | 'query'): object[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function operation(contract: RouteContract): object {
  const responses: Record<string, object> = {};
  for (const [status, schema] of Object.entries(contract.response)) {
    responses[status] = schema
      ? {
          description: 'Success',
          content: { 'application/json': { schema: jsonSchemaOf(schema, 'output') } },
        }
      : { description: 'Success, no content' };
  }
  if (contract.responseContent) {
    const { status, mediaType, description } = contract.responseContent;
    responses[status] = {
      description,
      content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  responses.default = errorResponse();
  const body = contract.body
    ? { 'application/json': { schema: jsonSchemaOf(contract.body, 'input') } }
    : contract.bodyContent
      ? { [contract.bodyContent.mediaType]: { schema: contract.bodyContent.schema } }
      : undefined;
  const parametersList = [
    ...parameters(contract.params, 'path'),
    ...parameters(contract.querystring, 'query'),
  ];
  return {
    summary: contract.summary,
    ...(parametersList.length > 0 ? { parameters: parametersList } : {}),
    ...(body ? { requestBody: { required: true, content: body } } : {}),
    responses,
    security: contract.signedIn === false ? [] : [{ session: [] }],
  };
}
