import { ALERT_MESSAGES } from '@synctrade/api';
import {
  mockApi,
  renderWithProviders,
  screen,
  signIn,
  waitFor,
  within,
  type ApiMock,
} from '@synctrade/test-utils';
import { resetStores } from '../../../support/fixtures';
import { alertSetup, discordChannel, telegramChannel, telegramCode } from '../support/alerts-fixtures';
import { AlertsSection } from './alerts-section';

let api: ApiMock;

beforeEach(() => {
  resetStores();
  signIn(1);
  api = mockApi().on('GET /alerts', [200, alertSetup()]);
});
afterEach(() => api.restore());

function renderSection() {
  return renderWithProviders(<AlertsSection />, { route: '/profile', path: '/profile' });
}

describe('Alerts section', () => {
  it('when the trader has no channel, then the section says so and offers each way to connect', async () => {
    renderSection();
    expect(await screen.findByText('No alert channel yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Alerts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Telegram' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Discord' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send alerts by e-mail' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Alert events' })).not.toBeInTheDocument();
  });

  it('when the server has no Telegram bot, then Telegram is not offered', async () => {
    api.on('GET /alerts', [200, alertSetup({ telegram: false })]);
    renderSection();
    expect(await screen.findByText('No alert channel yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect Telegram' })).not.toBeInTheDocument();
  });

  it('when a Discord webhook is pasted, then it is sent, listed and confirmed', async () => {
    api.on('POST /alerts/discord', [200, discordChannel()]);
    const { user } = renderSection();
    await screen.findByText('No alert channel yet.');
    await user.type(
      screen.getByLabelText('Discord webhook URL'),
      'https://discord.com/api/webhooks/4001/secret-token',
    );
    await user.click(screen.getByRole('button', { name: 'Connect Discord' }));
    expect(await screen.findByText('Alert channel connected')).toBeInTheDocument();
    expect(api.callsTo('POST /alerts/discord').map((call) => call.body)).toEqual([
      { webhook_url: 'https://discord.com/api/webhooks/4001/secret-token' },
    ]);
    const list = screen.getByRole('list', { name: 'Alert channels' });
    expect(within(list).getByText('Discord: Webhook 4001')).toBeInTheDocument();
    expect(screen.getByLabelText('Discord webhook URL')).toHaveValue('');
  });

  it('when the URL is not a Discord webhook, then the form says so and sends nothing', async () => {
    const { user } = renderSection();
    await screen.findByText('No alert channel yet.');
    await user.type(screen.getByLabelText('Discord webhook URL'), 'https://example.com/hook');
    await user.click(screen.getByRole('button', { name: 'Connect Discord' }));
    expect(await screen.findByText(ALERT_MESSAGES.webhookInvalid)).toBeInTheDocument();
    expect(api.callsTo('POST /alerts/discord')).toEqual([]);
  });

  it('when the server refuses the webhook, then its detail is shown', async () => {
    api.on('POST /alerts/discord', [409, { detail: ALERT_MESSAGES.tooManyChannels }]);
    const { user } = renderSection();
    await screen.findByText('No alert channel yet.');
    await user.type(screen.getByLabelText('Discord webhook URL'), 'https://discord.com/api/webhooks/1/abc');
    await user.click(screen.getByRole('button', { name: 'Connect Discord' }));
    expect(await screen.findByText(ALERT_MESSAGES.tooManyChannels)).toBeInTheDocument();
    expect(screen.getByText('No alert channel yet.')).toBeInTheDocument();
  });

  it('when Telegram is linked with the one-time code, then the chat is listed', async () => {
    api.on('POST /alerts/telegram/code', [200, telegramCode()]);
    api.on('POST /alerts/telegram/link', [409, { detail: ALERT_MESSAGES.codeNotReceived }]);
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Connect Telegram' }));
    expect(await screen.findByText('/start K7PQ2MXA')).toBeInTheDocument();
    expect(screen.getByText('@SyncTradeAlertsBot', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(ALERT_MESSAGES.codeNotReceived)).toBeInTheDocument();

    api.on('POST /alerts/telegram/link', [200, telegramChannel()]);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const list = await screen.findByRole('list', { name: 'Alert channels' });
    expect(within(list).getByText('Telegram: Tara')).toBeInTheDocument();
    expect(api.callsTo('POST /alerts/telegram/link').map((call) => call.body)).toEqual([
      { code: 'K7PQ2MXA' },
      { code: 'K7PQ2MXA' },
    ]);
    expect(screen.getByRole('button', { name: 'Connect Telegram' })).toBeInTheDocument();
  });

  it('when a test message is sent, then the answer is toasted; when it fails, the reason is', async () => {
    api.on('GET /alerts', [200, alertSetup({ channels: [discordChannel()] })]);
    api.on('POST /alerts/channels/7/test', [200, { message: ALERT_MESSAGES.testSent }]);
    const { user } = renderSection();
    const button = await screen.findByRole('button', {
      name: 'Send a test message to Discord: Webhook 4001',
    });
    await user.click(button);
    expect(await screen.findByText(ALERT_MESSAGES.testSent)).toBeInTheDocument();
    api.on('POST /alerts/channels/7/test', [502, { detail: 'Discord 404: Unknown Webhook' }]);
    await user.click(button);
    expect(await screen.findByText('Discord 404: Unknown Webhook')).toBeInTheDocument();
  });

  it('when a channel is disconnected, then it leaves the list', async () => {
    api.on('GET /alerts', [200, alertSetup({ channels: [discordChannel()] })]);
    api.on('DELETE /alerts/channels/7', [200, { message: ALERT_MESSAGES.disconnected }]);
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Disconnect Discord: Webhook 4001' }));
    expect(await screen.findByText(ALERT_MESSAGES.disconnected)).toBeInTheDocument();
    expect(screen.getByText('No alert channel yet.')).toBeInTheDocument();
  });

  it('when an event is switched off for a channel, then the switch follows the answer', async () => {
    api.on('GET /alerts', [200, alertSetup({ channels: [discordChannel(), telegramChannel()] })]);
    api.on('PUT /alerts/channels/9/events', [
      200,
      telegramChannel({
        events: ['copy_failed', 'out_of_sync', 'firm_rule', 'leader_breach', 'daily_summary'],
      }),
    ]);
    const { user } = renderSection();
    const table = await screen.findByRole('table', { name: 'Alert events' });
    const toggle = within(table).getByRole('switch', {
      name: 'Connection lost or renewal failed by Telegram (Tara)',
    });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(api.callsTo('PUT /alerts/channels/9/events').map((call) => call.body)).toEqual([
      { event: 'connection', enabled: false },
    ]);
    expect(
      within(table).getByRole('switch', {
        name: 'Connection lost or renewal failed by Discord (Webhook 4001)',
      }),
    ).toHaveAttribute('aria-checked', 'true');
  });

  it('when switching is refused, then the detail is toasted and the switch stays', async () => {
    api.on('GET /alerts', [200, alertSetup({ channels: [telegramChannel()] })]);
    api.on('PUT /alerts/channels/9/events', [404, { detail: ALERT_MESSAGES.channelNotFound }]);
    const { user } = renderSection();
    const toggle = await screen.findByRole('switch', { name: 'End-of-day summary by Telegram (Tara)' });
    await user.click(toggle);
    expect(await screen.findByText(ALERT_MESSAGES.channelNotFound)).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('when e-mail alerts are turned on, then the address is listed and the button goes', async () => {
    api.on('POST /alerts/email', [200, discordChannel({ id: 11, kind: 'email', label: 'joe@example.com' })]);
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Send alerts by e-mail' }));
    const list = await screen.findByRole('list', { name: 'Alert channels' });
    expect(within(list).getByText('E-mail: joe@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send alerts by e-mail' })).not.toBeInTheDocument();
  });

  it('when the channels cannot be loaded, then the fallback is toasted and a retry loads them', async () => {
    api.on('GET /alerts', [500]);
    const { user } = renderSection();
    expect(await screen.findByText('Alerts update failed. Please try again.')).toBeInTheDocument();
    api.on('GET /alerts', [200, alertSetup()]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No alert channel yet.')).toBeInTheDocument();
  });

  it('when the trader sets how long a follower may lag, then it is checked, sent and confirmed', async () => {
    api.on('GET /alerts', [200, alertSetup({ channels: [telegramChannel()] })]);
    api.on('PUT /alerts/preferences', [
      200,
      alertSetup({ channels: [telegramChannel()], out_of_sync_after_s: 90 }),
    ]);
    const { user } = renderSection();
    const input = await screen.findByLabelText('Alert when a follower lags longer than (seconds)');
    expect(input).toHaveValue(30);
    await user.clear(input);
    await user.type(input, '4000');
    await user.click(screen.getByRole('button', { name: 'Save alert delay' }));
    expect(await screen.findByText(ALERT_MESSAGES.lagInvalid)).toBeInTheDocument();
    expect(api.callsTo('PUT /alerts/preferences')).toEqual([]);
    await user.clear(input);
    await user.type(input, '90');
    await user.click(screen.getByRole('button', { name: 'Save alert delay' }));
    expect(await screen.findByText(ALERT_MESSAGES.preferencesSaved)).toBeInTheDocument();
    expect(api.callsTo('PUT /alerts/preferences').map((call) => call.body)).toEqual([
      { out_of_sync_after_s: 90 },
    ]);
    expect(input).toHaveValue(90);
  });

  it('when the server refuses the delay, then its detail is toasted', async () => {
    api.on('GET /alerts', [200, alertSetup({ channels: [telegramChannel()] })]);
    api.on('PUT /alerts/preferences', [400, { detail: ALERT_MESSAGES.lagInvalid }]);
    const { user } = renderSection();
    const input = await screen.findByLabelText('Alert when a follower lags longer than (seconds)');
    await user.clear(input);
    await user.type(input, '0');
    await user.click(screen.getByRole('button', { name: 'Save alert delay' }));
    expect(await screen.findByText(ALERT_MESSAGES.lagInvalid)).toBeInTheDocument();
  });
});
