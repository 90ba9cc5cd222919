import { renderWithProviders, screen } from '@synctrade/test-utils';
import { FAQ_ITEMS, FaqSection } from '.';

const question = (index: number): HTMLElement =>
  screen.getByRole('button', {
    name: new RegExp(`^${FAQ_ITEMS[index]?.question.replace('?', '\\?') ?? ''}`),
  });
const openQuestions = (): string[] =>
  screen
    .getAllByRole('button')
    .filter((button) => button.getAttribute('aria-expanded') === 'true')
    .map((button) => button.textContent?.slice(0, -1) ?? '');

describe('FAQ accordion', () => {
  it('when it starts, then only the third item (index 2) is open', () => {
    renderWithProviders(<FaqSection />);
    expect(openQuestions()).toEqual([FAQ_ITEMS[2]?.question]);
    expect(screen.getByRole('region', { name: FAQ_ITEMS[2]?.question })).toBeVisible();
  });

  it('when it starts, then the open answer tells the $99/month plans', () => {
    renderWithProviders(<FaqSection />);
    expect(screen.getByText(/Monthly plans start at \$99\/month/)).toBeVisible();
  });

  it('when the brokers question is opened, then it says what is true of each broker', async () => {
    const { user } = renderWithProviders(<FaqSection />);
    await user.click(screen.getByRole('button', { name: /^Which brokers and platforms are supported\?/ }));
    const answer = screen.getByRole('region', { name: 'Which brokers and platforms are supported?' });
    expect(answer).toHaveTextContent('ProjectX (TopstepX and the other prop firms on it) connects today');
    expect(answer).toHaveTextContent('once the server’s operator has set up Tradovate’s OAuth credentials');
    expect(answer).toHaveTextContent('Rithmic once the operator has configured Rithmic gateways');
    expect(answer).toHaveTextContent('The built-in paper broker is always there');
    expect(answer).not.toHaveTextContent('on the way');
  });

  it('when another item is clicked, then it opens and the previous one closes', async () => {
    const { user } = renderWithProviders(<FaqSection />);
    await user.click(question(0));
    expect(openQuestions()).toEqual([FAQ_ITEMS[0]?.question]);
    expect(screen.getByText(/Monthly plans start/)).not.toBeVisible();
  });

  it('when the open item is clicked again, then none is open', async () => {
    const { user } = renderWithProviders(<FaqSection />);
    await user.click(question(2));
    expect(openQuestions()).toEqual([]);
    await user.click(question(4));
    await user.click(question(4));
    expect(openQuestions()).toEqual([]);
  });
});
