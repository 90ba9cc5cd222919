/**
 * A route's options with the bound of its list answer written into its OpenAPI description: every list the API
 * answers is either bounded (and says by how much) or streamed (and says so), so a client knows what to expect.
 */
export function listBound<O extends { schema: object }>(options: O, description: string): O {
  return { ...options, schema: { ...options.schema, description } };
}
