import { z } from 'zod';
import { SERVER_MESSAGE_KEYS } from '../i18n/catalogue.js';
import { errorResponseSchema } from '../schemas.js';
import type { Endpoint } from './define.js';
import { CONTRACT } from './endpoints.js';

type JsonSchema = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

function parametersOf(endpoint: Endpoint): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const [name, schema] of Object.entries(endpoint.params?.shape ?? {})) {
    parameters.push({ name, in: 'path', required: true, schema: schemaOf(schema as z.ZodType, 'input') });
  }
  if (endpoint.query) {
    const query = schemaOf(endpoint.query, 'input');
    const properties = (query.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((query.required ?? []) as string[]);
    for (const [name, schema] of Object.entries(properties)) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  if (endpoint.idempotent) parameters.push(IDEMPOTENCY_KEY_PARAMETER);
  return parameters;
}

/** The request header of the calls that credit points (IETF draft "The Idempotency-Key HTTP Header Field"). */
const IDEMPOTENCY_KEY_PARAMETER: JsonSchema = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'One key per user intent (a UUID), sent again with every retry of it. The first answer is kept ' +
    '24 h with the credit: a retry gets it again and nothing is credited twice, even when the first ' +
    'answer was lost. The same key for another method, path or body answers 422 IDEMPOTENCY_KEY_REUSED; ' +
    'while a request with the key is still running, 409 IDEMPOTENCY_KEY_IN_USE; a key that is not 1-255 ' +
    'printable ASCII characters, 400. Refusals are not kept (they changed nothing). Without the header ' +
    'the call answers as always.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/** A success that is raw bytes of one media type (an image, a CSV file). */
const binaryContent = (mediaType: string): JsonSchema => ({
  [mediaType]: { schema: { type: 'string', contentMediaType: mediaType } },
});

const ACCESS_TEXT: Record<Endpoint['access'], string> = {
  public: 'No session needed.',
  optional: 'Works signed out; a session is used when sent.',
  user: 'Needs a session (Authorization: Bearer).',
  admin: 'Needs an ADMIN session.',
};

/** The OpenAPI 3.1 document of the contract (served at /api/openapi.json). */
export function buildOpenApiDocument(options: { version: string; serverUrl?: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [id, endpoint] of Object.entries(CONTRACT) as [string, Endpoint][]) {
    const status = String(endpoint.status ?? 200);
    const operation: JsonSchema = {
      operationId: id,
      tags: [endpoint.tag],
      summary: endpoint.summary,
      description: ACCESS_TEXT[endpoint.access],
      parameters: parametersOf(endpoint),
      responses: {
        [status]: {
          description: 'Success',
          content:
            endpoint.responseType === 'binary'
              ? binaryContent(endpoint.binaryMediaType ?? 'image/*')
              : { 'application/json': { schema: schemaOf(endpoint.response, 'output') } },
        },
        default: {
          description: 'Error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    };
    if (endpoint.access === 'user' || endpoint.access === 'admin') operation.security = [{ bearer: [] }];
    if (endpoint.access === 'optional') operation.security = [{}, { bearer: [] }];
    if (endpoint.body) {
      const type = endpoint.bodyType === 'multipart' ? 'multipart/form-data' : 'application/json';
      operation.requestBody = {
        required: !endpoint.body.safeParse(undefined).success,
        content: { [type]: { schema: schemaOf(endpoint.body, 'input') } },
      };
    }
    const path = `/api${endpoint.path}`;
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ziver API',
      version: options.version,
      description:
        'The calls of spec §7. Errors answer `{success:false, message, messageKey, params, code}`; every answer ' +
        'with a `message` also carries `messageKey` (one of components.schemas.MessageKey) and `params` (the ' +
        "values of its {placeholders}). Show the text from the key in the user's language; `message` is " +
        'the English text, for clients that do not know the key.',
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: schemaOf(errorResponseSchema, 'output'),
        MessageKey: {
          type: 'string',
          description: 'Every key of the message list (shared/src/i18n), with its English text in `message`.',
          enum: SERVER_MESSAGE_KEYS,
        },
      },
    },
  };
}
