import { EventEmitter } from 'node:events';

/** Everything modules tell each other inside one server process. */
export interface AppEventMap {
  /** Any change of a user's accounts (added, removed, toggled): the feed and the engine refresh. */
  'accounts:changed': { userId: number };
  'connection:created': { userId: number; connectionId: number };
  /** The rows are gone already; `accountIds` are the deleted accounts, so copying stops for them. */
  'connection:deleted': { userId: number; connectionId: number; accountIds: number[] };
  'connection:toggled': { userId: number; connectionId: number; enabled: boolean };
  /**
   * One session (logout), every session of the user (no `sessionId`: password change or reset), or every
   * session but `exceptSessionId` (turning on two-factor).
   */
  'session:revoked': { userId: number; sessionId?: string; exceptSessionId?: string };
}

export type AppEventName = keyof AppEventMap;
export type AppEventListener<K extends AppEventName> = (payload: AppEventMap[K]) => void | Promise<void>;

/**
 * A typed in-process event bus. A listener that throws or rejects is reported to `onError` and never
 * breaks the emitter or the other listeners (a route that emits must not fail because a listener did).
 */
export class AppEvents {
  private readonly emitter = new EventEmitter();

  constructor(private readonly onError: (error: unknown, event: AppEventName) => void = () => undefined) {
    this.emitter.setMaxListeners(100);
  }

  /** Subscribes; answers the unsubscribe function. */
  on<K extends AppEventName>(event: K, listener: AppEventListener<K>): () => void {
    const wrapped = (payload: AppEventMap[K]): void => {
      try {
        const result = listener(payload);
        if (result instanceof Promise) result.catch((error: unknown) => this.onError(error, event));
      } catch (error: unknown) {
        this.onError(error, event);
      }
    };
    this.emitter.on(event, wrapped);
    return () => {
      this.emitter.off(event, wrapped);
    };
  }

  emit<K extends AppEventName>(event: K, payload: AppEventMap[K]): void {
    this.emitter.emit(event, payload);
  }

  removeAllListeners(): void {
    this.emitter.removeAllListeners();
  }
}
