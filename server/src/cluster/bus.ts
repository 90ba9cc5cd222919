import type { Codec, NatsConnection, Subscription } from 'nats';
import type { FeedMessage } from '@synctrade/api/types';
import type { AppEventMap, AppEventName, AppEvents } from '../events';

/** The subjects the nodes talk on, under the cluster's name (`CLUSTER_NAME`), so clusters sharing NATS never mix. */
export function subjectsOf(cluster: string) {
  return {
    /** A feed message for one user's sockets, wherever they are connected. */
    feed: (userId: number) => `${cluster}.feed.${userId}`,
    feedAll: `${cluster}.feed.*`,
    /** Settings and connection changes, and revoked sessions: every node re-emits them on its own bus. */
    events: `${cluster}.events`,
    /** Request: the owner of the user's group answers the desk's full list (a socket opened on another node). */
    desk: (userId: number) => `${cluster}.desk.${userId}`,
    deskAll: `${cluster}.desk.*`,
  };
}

const BRIDGED: readonly AppEventName[] = [
  'accounts:changed',
  'connection:created',
  'connection:deleted',
  'connection:toggled',
  'session:revoked',
];

interface Envelope<T> {
  from: string;
  body: T;
}

/**
 * Core NATS between the nodes: messages that are worth something only now (feed updates, change notices).
 * Nothing here needs JetStream: what must survive is in PostgreSQL, and a feed socket that missed a message
 * gets the full list (numbered) on reconnect or resync.
 */
export class ClusterBus {
  private readonly subs: Subscription[] = [];
  private relaying = false;

  private readonly subjects: ReturnType<typeof subjectsOf>;

  private constructor(
    readonly nats: NatsConnection,
    private readonly codec: Codec<Envelope<unknown>>,
    private readonly nodeId: string,
    cluster: string,
  ) {
    this.subjects = subjectsOf(cluster);
  }

  static async open(url: string, nodeId: string, cluster: string): Promise<ClusterBus> {
    // The client loads only in cluster mode: a single-machine server does not hold it (issue 48, idle memory).
    const { connect, JSONCodec } = await import('nats');
    const nats = await connect({
      servers: url,
      name: nodeId,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
    });
    return new ClusterBus(nats, JSONCodec<Envelope<unknown>>(), nodeId, cluster);
  }

  /** Feed messages published on other nodes reach this node's sockets. */
  relayFeed(deliver: (userId: number, message: FeedMessage) => void): void {
    this.subs.push(
      this.nats.subscribe(this.subjects.feedAll, {
        callback: (error, msg) => {
          if (error !== null) return;
          const envelope = this.codec.decode(msg.data) as Envelope<FeedMessage>;
          if (envelope.from === this.nodeId) return;
          const userId = Number(msg.subject.slice(msg.subject.lastIndexOf('.') + 1));
          if (Number.isInteger(userId)) deliver(userId, envelope.body);
        },
      }),
    );
  }

  publishFeed(userId: number, message: FeedMessage): void {
    // Heartbeats and quotes are each node's own.
    if (message.type === 'heartbeat' || message.type === 'quotes') return;
    this.nats.publish(this.subjects.feed(userId), this.codec.encode({ from: this.nodeId, body: message }));
  }

  /** A change notice for the other nodes only (this node has acted on it already). */
  tellOthers<K extends AppEventName>(name: K, payload: AppEventMap[K]): void {
    this.nats.publish(
      this.subjects.events,
      this.codec.encode({ from: this.nodeId, body: { name, payload } }),
    );
  }

  /** Change notices emitted here go to every node; those of other nodes are emitted here. */
  bridgeEvents(events: AppEvents): Array<() => void> {
    this.subs.push(
      this.nats.subscribe(this.subjects.events, {
        callback: (error, msg) => {
          if (error !== null) return;
          const envelope = this.codec.decode(msg.data) as Envelope<{ name: AppEventName; payload: unknown }>;
          if (envelope.from === this.nodeId || !BRIDGED.includes(envelope.body.name)) return;
          this.relaying = true;
          try {
            events.emit(envelope.body.name, envelope.body.payload as AppEventMap[AppEventName]);
          } finally {
            this.relaying = false;
          }
        },
      }),
    );
    return BRIDGED.map((name) =>
      events.on(name, (payload) => {
        if (this.relaying) return;
        this.tellOthers(name, payload);
      }),
    );
  }

  /** Answers desk list requests for the users `owns` says this node owns. */
  answerDesk(owns: (userId: number) => boolean, answer: (userId: number) => Promise<FeedMessage[]>): void {
    this.subs.push(
      this.nats.subscribe(this.subjects.deskAll, {
        callback: (error, msg) => {
          if (error !== null) return;
          const userId = Number(msg.subject.slice(msg.subject.lastIndexOf('.') + 1));
          if (!Number.isInteger(userId) || !owns(userId)) return;
          void answer(userId).then(
            (messages) => msg.respond(this.codec.encode({ from: this.nodeId, body: messages })),
            () => undefined,
          );
        },
      }),
    );
  }

  /** The owner's desk list for a user, or null when no node answers in time. */
  async askDesk(userId: number, timeoutMs: number): Promise<FeedMessage[] | null> {
    try {
      const reply = await this.nats.request(
        this.subjects.desk(userId),
        this.codec.encode({ from: this.nodeId, body: null }),
        {
          timeout: timeoutMs,
        },
      );
      return (this.codec.decode(reply.data) as Envelope<FeedMessage[]>).body;
    } catch {
      return null;
    }
  }

  async close(): Promise<void> {
    for (const sub of this.subs.splice(0)) sub.unsubscribe();
    await this.nats.drain().catch(() => undefined);
  }
}
