import { frontMonth } from '@synctrade/market';
import { Harness, LEADER } from './support/harness';

const ES = frontMonth('ES');
const NQ = frontMonth('NQ');

/** The desk's position of an account: what the engine learned from the broker's feed and snapshot. */
function deskPosition(h: Harness, accountId: number, symbol = ES): number {
  return h.engine.live.get(accountId)?.positions.get(symbol)?.netPos ?? 0;
}

describe('a broker session opening while the leader trades', () => {
  it.each([
    ['between the opening snapshot and the feed', 1],
    ['while the first reconciliation reads the positions', 2],
  ])(
    'when the leader trades %s, then the desk and the followers end on the broker’s positions',
    async (_when, call) => {
      // Auto-sync off: a leader's trade is copied all the same, drift elsewhere is only flagged.
      const h = new Harness([
        { ratio: 1, autoSync: false },
        { ratio: 2, autoSync: false },
      ]);
      await h.start();
      await h.leaderTrades('buy', 4);
      await h.leaderOrder({ symbol: NQ, side: 'buy', qty: 1, type: 'Market' });
      await h.settle();
      expect([h.position(2, ES), h.position(3, ES), h.position(2, NQ), h.position(3, NQ)]).toEqual([
        4, 8, 1, 2,
      ]);
      // While the engine is down the leader closes NQ: the followers' NQ is drift, flagged, not this trade's.
      await h.engine.stop();
      await h.leaderOrder({ symbol: NQ, side: 'sell', qty: 1, type: 'Market' });
      // The restarted engine's session of the leader's connection reads its positions (the `call`-th reading),
      // then the leader sells ES before that reading is handed back (a ledger write awaited in between, as the
      // paper venue does).
      let traded = false;
      const sent: string[] = [];
      h.alterSessions((session, connectionId) => {
        const place = session.placeOrder.bind(session);
        session.placeOrder = (command) => {
          sent.push(`${command.accountExternalId} ${command.side} ${command.qty} ${command.symbol}`);
          return place(command);
        };
        if (connectionId !== 1) return;
        const positions = session.positions.bind(session);
        let calls = 0;
        session.positions = async () => {
          const read = await positions();
          calls += 1;
          if (!traded && calls === call) {
            traded = true;
            await h.leaderOrder({ symbol: ES, side: 'sell', qty: 3, type: 'Market' });
          }
          return read;
        };
      });
      // How the restarted engine records the leader's fills (the trade history's source of the leader's trades).
      const roles: string[] = [];
      h.store.recordBrokerEvent = (account, event, role) => {
        if (account.id === LEADER && event.kind === 'fill') roles.push(role);
      };
      await h.restart();
      await h.settle();
      expect(traded).toBe(true);
      expect(h.position(LEADER, ES)).toBe(1);
      expect([h.position(2, ES), h.position(3, ES)]).toEqual([1, 2]);
      // One order per follower, the leader's sale × ratio: nothing sent twice, nothing sent and taken back, and the
      // NQ drift left to the trader (flagged).
      expect(sent.sort()).toEqual(
        [
          `${h.directory.account(2).externalId} sell 3 ${ES}`,
          `${h.directory.account(3).externalId} sell 6 ${ES}`,
        ].sort(),
      );
      expect([h.position(2, NQ), h.position(3, NQ)]).toEqual([1, 2]);
      expect(roles).toEqual(['leader']);
      expect([deskPosition(h, LEADER), deskPosition(h, 2), deskPosition(h, 3)]).toEqual([1, 1, 2]);
    },
  );
});
