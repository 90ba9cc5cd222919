import { Profiler } from 'react';
import { act, renderWithProviders } from '@synctrade/test-utils';
import { deskAccounts } from '../support/builders';
import { resetSyncdeskStore, useSyncdeskStore } from '../store/syncdesk-store';
import { AccountRow } from './account-row';

describe('row rendering under live updates', () => {
  beforeEach(() => resetSyncdeskStore());

  it('when other accounts change, then a row does not re-render; when its own changes, it does', () => {
    act(() => useSyncdeskStore.getState().replaceAccounts(deskAccounts()));
    const renders = jest.fn();
    renderWithProviders(
      <div role="rowgroup">
        <Profiler id="row-2" onRender={renders}>
          <AccountRow id={2} />
        </Profiler>
      </div>,
    );
    const initial = renders.mock.calls.length;
    const next = deskAccounts().map((account) => (account.id === 3 ? { ...account, qty: 5 } : account));
    act(() => useSyncdeskStore.getState().replaceAccounts(next));
    // A fresh but equal list (every feed frame parses new objects) changes nothing either.
    act(() => useSyncdeskStore.getState().replaceAccounts(JSON.parse(JSON.stringify(next))));
    expect(renders).toHaveBeenCalledTimes(initial);
    act(() =>
      useSyncdeskStore.getState().replaceAccounts(next.map((a) => (a.id === 2 ? { ...a, qty: 1 } : a))),
    );
    expect(renders.mock.calls.length).toBeGreaterThan(initial);
  });
});
