/**
 * What a payload field tells the JSON Schema of its request (the server's first check and the OpenAPI
 * document) beyond its yup type. Plain data, so the forms carry nothing for it.
 */
export interface WireMeta {
  /** Shown in the OpenAPI document. */
  description?: string;
  /**
   * The JSON Schema leaves the type out: the field's own rule answers a wrong type (a ratio sent as "2") with
   * the spec's message instead of a generic one.
   */
  untyped?: boolean;
  /** A body without the field is refused by the JSON Schema itself (`body must have required property`). */
  requiredOnWire?: boolean;
  /**
   * A text's lengths as the JSON Schema refuses them, in place of the cap on every text: for a field whose
   * choices the rule names, so an empty or overlong text is refused before the list is read.
   */
  minLength?: number;
  maxLength?: number;
  /** On an object: a field the payload does not name is refused by the JSON Schema, not dropped. */
  closed?: boolean;
  /**
   * On an object: its rules read the body as sent (a text, a list, null), not as an empty object, so they can
   * tell an absent body from a wrong one and name fields they do not know.
   */
  bodyAsSent?: boolean;
}

/** Typed `meta()` argument of a payload field. */
export function wire(meta: WireMeta): WireMeta {
  return meta;
}

/** The `wire(...)` meta a yup schema carries (none: an empty one). */
export function wireMetaOf(schema: { spec: { meta?: unknown } }): WireMeta {
  return (schema.spec.meta ?? {}) as WireMeta;
}
