import { buildAccount } from '../support/builders';
import { accountNames, NO_ACCOUNT_NAMES } from './account-names';
import { applyAccountChanges, mergeAccounts } from './merge-accounts';

const desk = (...accounts: ReturnType<typeof buildAccount>[]) =>
  mergeAccounts({ ids: [], byId: {} }, accounts);

describe('accountNames', () => {
  const apex = buildAccount({ id: 1, account_name: 'APEX-1', connection_name: 'Tradovate' });
  const paper = buildAccount({ id: 2, account_name: 'SIM-2', connection_name: 'Paper' });

  it('when accounts arrive, then each is named "account (connection)" in desk order', () => {
    expect(accountNames(NO_ACCOUNT_NAMES, desk(paper, apex)).list).toEqual([
      { id: 2, name: 'SIM-2 (Paper)' },
      { id: 1, name: 'APEX-1 (Tradovate)' },
    ]);
  });

  it('when only live figures change, then the same names object is answered', () => {
    const index = desk(apex, paper);
    const names = accountNames(NO_ACCOUNT_NAMES, index);
    const moved = applyAccountChanges(index, [
      { ...apex, qty: 3, day_pnl: 125.5 },
      { ...paper, side: 'short' },
    ]);
    expect(accountNames(names, moved)).toBe(names);
  });

  it('when a name, a connection name, an id or the order changes, then new names are answered', () => {
    const index = desk(apex, paper);
    const names = accountNames(NO_ACCOUNT_NAMES, index);
    const renamed = accountNames(names, applyAccountChanges(index, [{ ...paper, account_name: 'SIM-2b' }]));
    expect(renamed.list).toEqual([
      { id: 1, name: 'APEX-1 (Tradovate)' },
      { id: 2, name: 'SIM-2b (Paper)' },
    ]);
    const reconnected = accountNames(
      names,
      applyAccountChanges(index, [{ ...apex, connection_name: 'Tradovate live' }]),
    );
    expect(reconnected.list[0]).toEqual({ id: 1, name: 'APEX-1 (Tradovate live)' });
    expect(accountNames(names, desk(paper, apex)).list.map((entry) => entry.id)).toEqual([2, 1]);
    expect(accountNames(names, desk(apex)).list).toEqual([{ id: 1, name: 'APEX-1 (Tradovate)' }]);
  });

  it('when the account and connection names change but the text would keep its start and end, then it is new', () => {
    const before = desk(buildAccount({ id: 5, account_name: 'a-(b', connection_name: 'c' }));
    const after = desk(buildAccount({ id: 5, account_name: 'a', connection_name: 'b (c' }));
    const names = accountNames(NO_ACCOUNT_NAMES, before);
    expect(names.list).toEqual([{ id: 5, name: 'a-(b (c)' }]);
    expect(accountNames(names, after).list).toEqual([{ id: 5, name: 'a (b (c)' }]);
  });

  it('when an id has no row, then it is named by its number', () => {
    expect(accountNames(NO_ACCOUNT_NAMES, { ids: [7], byId: {} }).list).toEqual([{ id: 7, name: '#7' }]);
    const names = accountNames(NO_ACCOUNT_NAMES, { ids: [7], byId: {} });
    expect(accountNames(names, { ids: [7], byId: {} })).toBe(names);
  });
});
