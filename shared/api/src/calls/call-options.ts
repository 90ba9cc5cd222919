/** What a read call accepts: a signal, so a screen that goes away cancels its request. */
export interface CallOptions {
  signal?: AbortSignal;
}
