import type { BrokerCredentials, BrokerEvent, BrokerSession, BrokerSessionOptions } from '../types';

interface SharedEntry {
  core: Promise<BrokerSession>;
  views: Set<SessionView>;
}

interface SessionView {
  options: BrokerSessionOptions;
  listeners: Set<(event: BrokerEvent) => void>;
}

/**
 * ProjectX allows one session per user: a second sign-in ends the first. Two connections of the same ProjectX
 * user (the same login connected twice, or one account linked from two connections) would end each other's
 * sessions forever, so they share one session (one token, one user hub socket, one request window): each
 * connection gets a view of it, and the session closes when the last view does.
 */
export class SharedSessions {
  private readonly entries = new Map<string, SharedEntry>();

  /** The live shared session of a user, if one is open (connecting that user again reuses it). */
  async live(key: string): Promise<BrokerSession | undefined> {
    const entry = this.entries.get(key);
    return entry === undefined ? undefined : entry.core.catch(() => undefined);
  }

  /** Number of users with a shared session open (for tests). */
  get size(): number {
    return this.entries.size;
  }

  async open(
    key: string,
    options: BrokerSessionOptions,
    openCore: (renewed: (credentials: BrokerCredentials) => void) => Promise<BrokerSession>,
  ): Promise<BrokerSession> {
    let entry = this.entries.get(key);
    if (entry === undefined) {
      const views = new Set<SessionView>();
      const created: SharedEntry = {
        views,
        // Renewed credentials go to every connection sharing the session, so each stores them again.
        core: openCore((credentials) => {
          for (const view of views) view.options.onCredentialsRenewed?.(credentials);
        }).then((core) => {
          core.subscribe((event) => {
            for (const view of views) for (const listener of view.listeners) listener(event);
          });
          return core;
        }),
      };
      entry = created;
      this.entries.set(key, created);
      created.core.catch(() => {
        if (this.entries.get(key) === created) this.entries.delete(key);
      });
    }
    const view: SessionView = { options, listeners: new Set() };
    entry.views.add(view);
    let core: BrokerSession;
    try {
      core = await entry.core;
    } catch (error: unknown) {
      entry.views.delete(view);
      throw error;
    }
    return this.viewOf(key, entry, view, core);
  }

  private viewOf(key: string, entry: SharedEntry, view: SessionView, core: BrokerSession): BrokerSession {
    let closed = false;
    return {
      ...(core.linksOco === true ? { linksOco: true } : {}),
      lastHeardAt: () => core.lastHeardAt?.() ?? null,
      listAccounts: () => core.listAccounts(),
      positions: () => core.positions(),
      workingOrders: () => core.workingOrders(),
      accountSnapshots: () => core.accountSnapshots(),
      findOrderByClientId: (account, clientOrderId) => core.findOrderByClientId(account, clientOrderId),
      placeOrder: (command) => core.placeOrder(command),
      modifyOrder: (command) => core.modifyOrder(command),
      cancelOrder: (account, orderId) => core.cancelOrder(account, orderId),
      flatten: (account, symbol) => core.flatten(account, symbol),
      subscribe(listener) {
        view.listeners.add(listener);
        return () => view.listeners.delete(listener);
      },
      currentCredentials: () => core.currentCredentials(),
      close: async () => {
        if (closed) return;
        closed = true;
        view.listeners.clear();
        entry.views.delete(view);
        if (entry.views.size > 0) return;
        // The last connection left: a later open starts a new session rather than joining a closing one.
        if (this.entries.get(key) === entry) this.entries.delete(key);
        await core.close();
      },
    };
  }
}
