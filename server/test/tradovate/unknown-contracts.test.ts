import { FeedState } from '../../src/brokers/tradovate/feed-state';
import { mentionsUnknownContract, missingContracts } from '../../src/brokers/tradovate/unknown-contracts';

/** A feed state that knows contracts 1 (ESZ6) and 2 (NQZ6). */
function knownState(): FeedState {
  const state = new FeedState();
  state.absorbContracts({
    contracts: [
      { id: 1, name: 'ESZ6' },
      { id: 2, name: 'NQZ6' },
    ],
  });
  return state;
}

describe('contracts a Tradovate event or snapshot names that the feed does not know', () => {
  it('when an event names only known contracts, or none, then nothing is missing', () => {
    const state = knownState();
    const events = [
      { entityType: 'fill', entity: { id: 9, contractId: 1 } },
      {
        entityType: 'order',
        entity: [
          { id: 8, contractId: 2 },
          { id: 7, contractId: '1' },
        ],
      },
      { entityType: 'cashBalance', entity: { accountId: 3, amount: 10 } },
      { entityType: 'order', entity: null },
      'not an event',
      [],
    ];
    for (const event of events) {
      expect(mentionsUnknownContract(state, event)).toBe(false);
      expect(missingContracts(state, event)).toEqual([]);
    }
  });

  it('when an event names an unknown contract, in one entity or an array of them, then it is reported', () => {
    const state = knownState();
    const one = { entityType: 'fill', entity: { id: 9, contractId: 5 } };
    const many = {
      entityType: 'order',
      entity: [
        { id: 8, contractId: 1 },
        { id: 7, contractId: '6' },
      ],
    };
    expect(mentionsUnknownContract(state, one)).toBe(true);
    expect(missingContracts(state, one)).toEqual([5]);
    expect(mentionsUnknownContract(state, many)).toBe(true);
    expect(missingContracts(state, many)).toEqual([6]);
  });

  it('when a snapshot names unknown contracts in its orders, fills and positions, then each is listed once', () => {
    const state = knownState();
    const snapshot = [
      {
        orders: [
          { id: 1, contractId: 1 },
          { id: 2, contractId: 7 },
        ],
        fills: { id: 3, contractId: 8 },
      },
      {
        positions: [
          { accountId: 4, contractId: 7 },
          { accountId: 4, contractId: 9 },
        ],
        cashBalances: [],
      },
      { commands: [{ id: 5, contractId: 10 }] },
    ];
    expect(mentionsUnknownContract(state, snapshot)).toBe(true);
    expect(missingContracts(state, snapshot)).toEqual([7, 8, 9]);
    expect(missingContracts(state, snapshot[1])).toEqual([7, 9]);
  });
});
