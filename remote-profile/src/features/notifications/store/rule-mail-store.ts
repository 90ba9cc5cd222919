import { create } from 'zustand';
import { errorMessage, getPropMailSettings, putPropMailSettings } from '@synctrade/api';
import { notify } from '@synctrade/ui';

export const RULE_EMAILS_ON = 'You will get an e-mail when a firm rule acts';
export const RULE_EMAILS_OFF = 'No more e-mails when a firm rule acts';

export interface RuleMailState {
  /** Null until loaded. */
  ruleEmails: boolean | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  saving: boolean;
  load(): Promise<void>;
  save(on: boolean): Promise<void>;
}

/** Whether the server e-mails the user when a firm rule acts on one of their accounts. */
export const useRuleMailStore = create<RuleMailState>()((set, get) => ({
  ruleEmails: null,
  status: 'idle',
  saving: false,

  async load() {
    set({ status: 'loading' });
    try {
      const { rule_emails } = await getPropMailSettings();
      set({ ruleEmails: rule_emails, status: 'ready' });
    } catch (error: unknown) {
      set({ status: 'error' });
      notify.error(errorMessage(error, 'ruleEmails'));
    }
  },

  async save(on) {
    if (get().saving) return;
    set({ saving: true });
    try {
      const { rule_emails } = await putPropMailSettings({ rule_emails: on });
      set({ ruleEmails: rule_emails });
      notify.success(rule_emails ? RULE_EMAILS_ON : RULE_EMAILS_OFF);
    } catch (error: unknown) {
      // The switch stays where the server has it.
      notify.error(errorMessage(error, 'ruleEmails'));
    } finally {
      set({ saving: false });
    }
  },
}));
