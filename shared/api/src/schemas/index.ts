/**
 * `@synctrade/api/schemas`: the JSON Schemas of the API (TypeBox), the one source of the wire types, the
 * server's validation and serialization, the OpenAPI document and the checks of test fixtures. Never
 * imported by the package root: the start-up path carries no schema.
 */
export * from './helpers';
export * from './entities';
export * from './payloads';
export * from './payload-schema';
export * from './responses';
export * from './feed';
export * from './routes';
export * from './propfirm';
export * from './propfirm-routes';
export * from './alerts';
export * from './alerts-routes';
export * from './route-match';
export * from './route-docs';
export type { Static, TSchema } from '@sinclair/typebox';
export * from './quality';
export * from './quality-routes';
