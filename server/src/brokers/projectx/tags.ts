/**
 * `customTag` carries our client order id. The gateway never accepts a tag twice on an account, rejected
 * orders' tags included, so a resend after a proven rejection gets the same intent's next tag: `<id>`,
 * `<id>~2`, `<id>~3`… Every tag reads back to the client order id it was derived from.
 */
export function tagFor(clientOrderId: string, attempt: number): string {
  return attempt <= 1 ? clientOrderId : `${clientOrderId}~${attempt}`;
}

export function clientOrderIdOf(tag: string | null | undefined): string | null {
  if (!tag) return null;
  return tag.replace(/~\d+$/, '');
}

export function attemptOf(tag: string): number {
  const match = /~(\d+)$/.exec(tag);
  return match ? Number(match[1]) : 1;
}

export const MAX_TAG_ATTEMPTS = 20;

/** The gateway's answer to a tag it has seen: a refusal (errorCode 2) saying the tag is in use. */
export function isTagInUse(message: string): boolean {
  return /tag/i.test(message) && /(in use|already|duplicate|exists)/i.test(message);
}
