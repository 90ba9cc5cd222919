import type { Socket } from 'node:net';

/**
 * A leader fill copied to ten accounts of one login is ten requests written in the same turn of the event loop:
 * one write instead of ten system calls (and ten wake-ups of the receiver), made as soon as the turn's promise
 * jobs are done, before anything waits on a timer or the network.
 */
export class TurnCork {
  private tcp: Socket | undefined;
  private corked = false;

  /** The TCP connection under a WebSocket, as its `upgrade` event gives it. */
  attach(tcp: Socket): void {
    this.tcp = tcp;
  }

  /** Called before each write: the first of a turn corks the connection until the turn ends. */
  hold(): void {
    const tcp = this.tcp;
    if (!tcp || this.corked) return;
    this.corked = true;
    tcp.cork();
    process.nextTick(() => {
      this.corked = false;
      tcp.uncork();
    });
  }
}
