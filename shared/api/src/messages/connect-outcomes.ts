/**
 * How the broker's redirect back to `/connections` ended. The server sends only a code (and the new
 * connection's id); the page shows the text for that code, so no text from the address is ever shown.
 */
export const CONNECT_OUTCOME = {
  state_missing: 'The connection request is missing its state, please try again',
  state_expired: 'The connection request has expired, please try again',
  other_window: 'This connection was started in another window, please try again',
  cancelled: 'Authorization was cancelled at the broker',
  no_code: 'The broker sent no authorization code',
  unavailable: 'This broker is not available',
  refused: 'The broker did not accept the authorization, please try again',
} as const;

export type ConnectOutcomeCode = keyof typeof CONNECT_OUTCOME;

/** Shown for a code this page does not know (an old or hand-made address). */
export const CONNECT_FAILED = 'Could not connect to the broker, please try again';

/** The text of an error code from the address. */
export function connectOutcomeText(code: string | null): string {
  return code !== null && Object.hasOwn(CONNECT_OUTCOME, code)
    ? CONNECT_OUTCOME[code as ConnectOutcomeCode]
    : CONNECT_FAILED;
}

/** The success toast once the page knows the new connection's name from the server's own list. */
export function connectionAddedMessage(name: string): string {
  return `Connection ${name} added successfully`;
}
