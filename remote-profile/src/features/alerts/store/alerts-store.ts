import { create } from 'zustand';
import {
  connectDiscord,
  connectEmailAlerts,
  connectWebPush,
  createTelegramCode,
  disconnectAlertChannel,
  errorMessage,
  getAlertSetup,
  linkTelegram,
  saveAlertPreferences,
  sendTestAlert,
  successMessage,
  switchAlertEvent,
  type AlertChannel,
  type AlertEvent,
  type AlertSetup,
  type TelegramCode,
  type WebPushChannelPayload,
} from '@synctrade/api';
import { ALERT_MESSAGES } from '@synctrade/api/messages';
import { notify } from '@synctrade/ui';

export const CHANNEL_CONNECTED = 'Alert channel connected';

export interface AlertsState {
  setup: AlertSetup | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The Telegram code shown to the trader until the chat is linked. */
  telegramCode: TelegramCode | null;
  /** Channel ids (or `new`) with a request under way: their buttons and switches wait. */
  busy: Record<string, boolean>;
  load(): Promise<void>;
  addDiscord(webhookUrl: string): Promise<boolean>;
  addEmail(): Promise<void>;
  addPush(subscription: WebPushChannelPayload): Promise<void>;
  startTelegram(): Promise<void>;
  linkTelegram(code: string): Promise<boolean>;
  test(id: number): Promise<void>;
  disconnect(id: number): Promise<void>;
  toggle(id: number, event: AlertEvent, enabled: boolean): Promise<void>;
  /** How long a follower may lag before an alert; true once the server stored it. */
  saveLag(seconds: number): Promise<boolean>;
}

function withChannel(setup: AlertSetup | null, channel: AlertChannel): AlertSetup | null {
  if (!setup) return setup;
  const others = setup.channels.filter((item) => item.id !== channel.id);
  return { ...setup, channels: [...others, channel].sort((a, b) => a.id - b.id) };
}

/** The trader's alert channels and the events each receives, as the server has them. */
export const useAlertsStore = create<AlertsState>()((set, get) => {
  async function run<T>(key: string, action: () => Promise<T>): Promise<T | undefined> {
    if (get().busy[key]) return undefined;
    set((state) => ({ busy: { ...state.busy, [key]: true } }));
    try {
      return await action();
    } catch (error: unknown) {
      notify.error(errorMessage(error, 'alerts'));
      return undefined;
    } finally {
      set((state) => ({ busy: { ...state.busy, [key]: false } }));
    }
  }

  const added = (channel: AlertChannel | undefined): boolean => {
    if (!channel) return false;
    set((state) => ({ setup: withChannel(state.setup, channel) }));
    notify.success(CHANNEL_CONNECTED);
    return true;
  };

  return {
    setup: null,
    status: 'idle',
    telegramCode: null,
    busy: {},

    async load() {
      set({ status: 'loading' });
      try {
        set({ setup: await getAlertSetup(), status: 'ready' });
      } catch (error: unknown) {
        set({ status: 'error' });
        notify.error(errorMessage(error, 'alerts'));
      }
    },

    async addDiscord(webhookUrl) {
      return added(await run('new', () => connectDiscord({ webhook_url: webhookUrl })));
    },

    async addEmail() {
      added(await run('new', () => connectEmailAlerts()));
    },

    async addPush(subscription) {
      added(await run('new', () => connectWebPush(subscription)));
    },

    async startTelegram() {
      const code = await run('telegram', () => createTelegramCode());
      if (code) set({ telegramCode: code });
    },

    async linkTelegram(code) {
      const linked = added(await run('telegram', () => linkTelegram({ code })));
      if (linked) set({ telegramCode: null });
      return linked;
    },

    async test(id) {
      const answer = await run(String(id), () => sendTestAlert(id));
      if (answer) notify.success(successMessage(answer, 'Test message sent'));
    },

    async disconnect(id) {
      const answer = await run(String(id), () => disconnectAlertChannel(id));
      if (!answer) return;
      set((state) => ({
        setup: state.setup && {
          ...state.setup,
          channels: state.setup.channels.filter((item) => item.id !== id),
        },
      }));
      notify.success(successMessage(answer, 'Alert channel disconnected'));
    },

    async saveLag(seconds) {
      const setup = await run('preferences', () => saveAlertPreferences({ out_of_sync_after_s: seconds }));
      if (!setup) return false;
      set((state) => ({
        setup: state.setup && { ...state.setup, out_of_sync_after_s: setup.out_of_sync_after_s },
      }));
      notify.success(ALERT_MESSAGES.preferencesSaved);
      return true;
    },

    async toggle(id, event, enabled) {
      const channel = await run(String(id), () => switchAlertEvent(id, { event, enabled }));
      // The switch follows the server's answer; on a refusal it stays where it was.
      if (channel) set((state) => ({ setup: withChannel(state.setup, channel) }));
    },
  };
});
