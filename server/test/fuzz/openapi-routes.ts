/** The part of an OpenAPI 3 document the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** One route as the fuzzer drives it. */
export interface FuzzRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The document's path, e.g. `/api/v1/brokers/connections/{id}`. */
  path: string;
  pathParams: Array<{ name: string; schema?: JsonSchema }>;
  /** The query's object schema when the document has one (then it is used), else undefined. */
  query?: JsonSchema;
  /** The JSON body's schema when the document has one, else undefined. */
  body?: JsonSchema;
  takesBody: boolean;
  multipart: boolean;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** Every operation of the document, with whatever parameter and body schemas it carries. */
export function routesOf(document: OpenApiDocument): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = operations[method.toLowerCase()];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      const named = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
      const queryParams = parameters.filter((parameter) => parameter.in === 'query');
      const content = operation.requestBody?.content ?? {};
      routes.push({
        method,
        path,
        pathParams: named.map((name) => ({
          name,
          schema: parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema,
        })),
        query:
          queryParams.length > 0
            ? {
                type: 'object',
                properties: Object.fromEntries(
                  queryParams.map((parameter) => [parameter.name, parameter.schema ?? {}]),
                ),
                required: queryParams
                  .filter((parameter) => parameter.required)
                  .map((parameter) => parameter.name),
              }
            : undefined,
        body: content['application/json']?.schema,
        takesBody: method !== 'GET' && method !== 'DELETE',
        multipart: content['multipart/form-data'] !== undefined,
      });
    }
  }
  return routes;
}
