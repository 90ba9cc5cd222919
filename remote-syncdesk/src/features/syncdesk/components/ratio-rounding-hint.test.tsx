import { screen, within, type ApiMock } from '@synctrade/test-utils';
import { buildAccount } from '../support/builders';
import { deskApi, renderDesk, setUpDesk } from '../support/render-desk';

async function rowOf(name: string): Promise<HTMLElement> {
  const cell = await screen.findByRole('cell', { name: new RegExp(`^${name}`) });
  return cell.closest('[role="row"]')!;
}

describe('a fractional ratio on the desk', () => {
  let api: ApiMock;
  beforeEach(() => {
    setUpDesk();
    api = deskApi({
      accounts: [
        buildAccount({ id: 1, is_master: true }),
        buildAccount({ id: 2, is_follower: true, ratio: 1.5 }),
        buildAccount({ id: 3, is_follower: true, ratio: 2 }),
        buildAccount({ id: 4, is_follower: true, ratio: 0.5 }),
      ],
    });
  });
  afterEach(() => api.restore());

  it('when a follower copies at 1.5x, then its ratio cell says positions are rounded to whole contracts, with examples', async () => {
    renderDesk();
    const row = await rowOf('Paper 2');
    // Sizing rule: follower = round(|leader| × ratio), halves up: 1.5 → 2, 3 → 3, 4.5 → 5.
    expect(within(row).getByText('1 → 2, 2 → 3, 3 → 5')).toBeInTheDocument();
    expect(row).toHaveTextContent(
      "Fractional ratio: the follower holds the leader's position × 1.5, rounded to whole contracts.",
    );
  });

  it('when a follower copies at 0.5x, then the hint shows that one lot still copies as one (0.5 rounds up)', async () => {
    renderDesk();
    const row = await rowOf('Paper 4');
    expect(within(row).getByText('1 → 1, 2 → 1, 3 → 2')).toBeInTheDocument();
  });

  it('when the ratio is whole or the row is the leader, then no rounding hint shows', async () => {
    renderDesk();
    expect(within(await rowOf('Paper 3')).queryByText(/Rounded|→/)).not.toBeInTheDocument();
    expect(within(await rowOf('Paper 1')).queryByText(/Rounded|→/)).not.toBeInTheDocument();
  });
});
