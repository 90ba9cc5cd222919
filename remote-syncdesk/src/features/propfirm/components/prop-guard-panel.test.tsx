import { screen, waitFor, within, type ApiMock } from '@synctrade/test-utils';
import type { PropHeadroom, PropPresetList, PropRules } from '@synctrade/api';
import { deskAccounts } from '../../syncdesk/support/builders';
import { deskApi, renderDesk, setUpDesk } from '../../syncdesk/support/render-desk';
import { resetPropfirmStore } from '../store/propfirm-store';

const ROW: PropHeadroom = {
  account_id: 2,
  firm: 'topstep',
  preset: 'topstep-combine-50k',
  floor: 48_000,
  to_floor: 350,
  to_daily_loss: 800,
  day_pnl: -200,
  minutes_to_flat_by: 0,
  next_blackout: null,
  stopped: null,
};

const TOPSTEP_RULES: PropRules = {
  firm: 'topstep',
  preset: 'topstep-combine-50k',
  dayStart: { zone: 'America/Chicago', time: '17:00' },
  maxContracts: { enabled: true, minis: 5, microsPerMini: 10 },
  drawdown: {
    enabled: true,
    mode: 'intraday',
    amount: 2000,
    startingBalance: 50000,
    lockAt: 50000,
    buffer: 200,
  },
  dailyLoss: { enabled: true, amount: 1000 },
  dailyProfit: { enabled: false, amount: 3000 },
  flatBy: {
    enabled: true,
    deadline: { zone: 'America/Chicago', time: '15:10' },
    minutesBefore: 3,
    reopen: { zone: 'America/Chicago', time: '17:00' },
  },
  news: { enabled: false, minutesBefore: 2, minutesAfter: 2, kinds: ['FOMC', 'NFP', 'CPI', 'EIA'] },
  hedging: { enabled: true, action: 'refuse' },
  consistency: { enabled: true, maxBestDayPercent: 50, stopAtLimit: false },
};

const presets: PropPresetList = {
  presets: [
    {
      id: 'topstep-combine-50k',
      firm: 'topstep',
      label: 'Topstep Trading Combine 50K',
      sources: [
        'https://help.topstep.com/en/articles/8937219-topstepx-trade-copier',
        'https://proptradingvibes.com/blog/topstep-copy-trading-rules',
      ],
      checked_on: '2026-11-23',
      unverified: ['drawdown.amount', 'drawdown.lockAt'],
      rules: TOPSTEP_RULES,
    },
  ],
  calendar: {
    sources: [],
    coverage: { FOMC: '2028-01-26', NFP: null, CPI: null, EIA: '2027-11-24' },
    warnings: [],
  },
};

describe('prop-firm guard on the desk', () => {
  let api: ApiMock;
  beforeEach(() => {
    setUpDesk();
    resetPropfirmStore();
  });
  afterEach(() => api.restore());

  it('when a follower is guarded, then its headroom shows, amber when close and red when reached', async () => {
    api = deskApi({ accounts: deskAccounts() })
      .on('GET /propfirm/headroom', [200, [ROW]])
      .on('GET /propfirm/presets', [200, presets]);
    renderDesk();
    const table = await screen.findByRole('table', { name: 'Firm rule headroom' });
    // The plan's name, never its internal id.
    await within(table).findByText('Topstep Trading Combine 50K');
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual([
      'Topstep Trading Combine 50K',
      '$350',
      '$800',
      'now',
      '—',
      'Watching',
      'Rules',
    ]);
    // Close figures are emphasised; the far ones are not.
    expect(within(table).getByRole('cell', { name: '$350' })).toHaveStyle({ fontWeight: '600' });
    expect(within(table).getByRole('cell', { name: 'now' })).toHaveStyle({ fontWeight: '600' });
    expect(within(table).getByRole('cell', { name: '$800' })).toHaveStyle({ fontWeight: '400' });
  });

  it('when the plans cannot be read, then the row names the firm and never the plan id', async () => {
    api = deskApi({ accounts: deskAccounts() })
      .on('GET /propfirm/headroom', [200, [ROW]])
      .on('GET /propfirm/presets', [503, { detail: 'Unavailable' }]);
    renderDesk();
    const table = await screen.findByRole('table', { name: 'Firm rule headroom' });
    await waitFor(() => expect(api.callsTo('GET /propfirm/presets')).toHaveLength(1));
    expect(within(table).getByRole('cell', { name: 'Topstep' })).toBeInTheDocument();
    expect(within(table).queryByText(/topstep-combine-50k/)).not.toBeInTheDocument();
  });

  it('when the user picks a preset for an account, then its rules are put and the headroom reloads', async () => {
    const accounts = deskAccounts();
    const target = accounts[1];
    if (target === undefined) throw new Error('no second account');
    api = deskApi({ accounts })
      .on('GET /propfirm/presets', [200, presets])
      .on(`PUT /propfirm/accounts/${target.id}/rules`, [
        200,
        { account_id: target.id, rules: presets.presets[0]?.rules ?? null, warnings: [], calendar_ends: [] },
      ]);
    const { user } = renderDesk();
    await user.click(await screen.findByRole('button', { name: 'Firm rules' }));
    const dialog = await screen.findByRole('dialog', { name: 'Firm rules' });
    await user.selectOptions(within(dialog).getByLabelText('Account'), String(target.id));
    await waitFor(() => expect(within(dialog).getByLabelText('Firm and account type')).toBeEnabled());
    await user.selectOptions(within(dialog).getByLabelText('Firm and account type'), 'topstep-combine-50k');
    expect(within(dialog).getByText(/Read from the firm’s own pages on 2026-11-23/)).toBeInTheDocument();
    // Only the firm's own page is a source, named for what it is; a third party's blog is not shown.
    const source = within(dialog).getByRole('link', { name: 'Topstepx trade copier' });
    expect(source).toHaveAttribute(
      'href',
      'https://help.topstep.com/en/articles/8937219-topstepx-trade-copier',
    );
    expect(within(dialog).queryByText(/proptradingvibes/)).not.toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Not stated by the firm, check with it: Trailing drawdown, Balance where the drawdown stops trailing',
      ),
    ).toBeInTheDocument();
    api.on('GET /propfirm/headroom', [200, [{ ...ROW, account_id: target.id }]]);
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Topstep Trading Combine 50K rules set')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Firm rule headroom' })).toBeInTheDocument();
  });

  it('when the user changes several rule values, then they are checked in the form, sent together, and a refusal keeps them with its reason', async () => {
    const accounts = deskAccounts();
    api = deskApi({ accounts })
      .on('GET /propfirm/headroom', [200, [ROW]])
      .on('GET /propfirm/presets', [200, presets])
      .on('GET /propfirm/accounts/2/rules', [
        200,
        {
          account_id: 2,
          rules: TOPSTEP_RULES,
          warnings: [],
          calendar_ends: [
            { kind: 'CPI', last_date: null },
            { kind: 'FOMC', last_date: '2026-12-16' },
          ],
        },
      ])
      .on('PATCH /propfirm/accounts/2/rules/values', [
        400,
        { detail: 'drawdown.buffer must be smaller than drawdown.amount' },
      ]);
    const { user } = renderDesk();
    const table = await screen.findByRole('table', { name: 'Firm rule headroom' });
    await user.click(within(table).getByRole('button', { name: /^Rules of / }));
    const dialog = await screen.findByRole('dialog', { name: /^Firm rules of / });
    const form = await within(dialog).findByRole('form', { name: 'Firm rule values' });
    // Every value at once, each in its own field; a rule that is off says so.
    expect(within(form).getByLabelText('Max contracts (minis)')).toHaveValue(5);
    expect(within(form).getByLabelText('Daily loss limit')).toHaveValue(1000);
    expect(within(form).getByLabelText('Daily profit target (rule off)')).toHaveValue(3000);
    expect(within(form).getByLabelText('Flat-by: minutes before the deadline')).toHaveValue(3);
    // The news kinds whose dates run out, in words.
    const notes = within(dialog)
      .getAllByRole('note')
      .map((note) => note.textContent);
    expect(notes).toEqual([
      expect.stringMatching(
        /^The news calendar has no CPI dates: the news blackout cannot pause copying around them/,
      ),
      expect.stringMatching(/^The news calendar knows no FOMC dates after Dec 16, 2026: /),
    ]);
    const save = within(form).getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();

    const daily = within(form).getByLabelText('Daily loss limit');
    await user.clear(daily);
    await user.type(daily, '-5');
    await user.click(save);
    expect(await within(form).findByText('Daily loss limit must be at least 0')).toBeInTheDocument();
    // The server's rule, from the same schema: money in whole cents.
    await user.clear(daily);
    await user.type(daily, '1e-320');
    await user.click(save);
    expect(await within(form).findByText('Daily loss limit must be in whole cents')).toBeInTheDocument();
    expect(api.callsTo('PATCH /propfirm/accounts/2/rules/values')).toHaveLength(0);

    await user.clear(daily);
    await user.type(daily, '750');
    const buffer = within(form).getByLabelText('Drawdown buffer');
    await user.clear(buffer);
    await user.type(buffer, '2500');
    await user.click(save);
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'drawdown.buffer must be smaller than drawdown.amount',
    );
    expect(api.callsTo('PATCH /propfirm/accounts/2/rules/values').map((call) => call.body)).toEqual([
      {
        // In the order the form lists the rules.
        edits: [
          { field: 'drawdown.buffer', value: 2500 },
          { field: 'dailyLoss.amount', value: 750 },
        ],
      },
    ]);
    // The refused values stay in the form to be corrected.
    expect(buffer).toHaveValue(2500);

    api.on('PATCH /propfirm/accounts/2/rules/values', [
      200,
      {
        account_id: 2,
        rules: {
          ...TOPSTEP_RULES,
          drawdown: { ...TOPSTEP_RULES.drawdown, buffer: 300 },
          dailyLoss: { enabled: true, amount: 750 },
        },
        warnings: [],
        calendar_ends: [],
      },
    ]);
    await user.clear(buffer);
    await user.type(buffer, '300');
    await user.click(save);
    expect(await within(form).findByRole('status')).toHaveTextContent('2 rules saved');
    expect(within(form).getByLabelText('Drawdown buffer')).toHaveValue(300);
    expect(within(form).getByRole('button', { name: 'Save changes' })).toBeDisabled();
    expect(within(dialog).queryAllByRole('note')).toEqual([]);
  });
});
