import { create } from 'zustand';
import {
  deletePropRules,
  errorMessage,
  getPropHeadroom,
  getPropPresets,
  getPropRules,
  patchPropRules,
  putPropRules,
  successMessage,
  type AccountPropRules,
  type PropHeadroom,
  type PropPreset,
  type PropRuleEdit,
} from '@synctrade/api';
import { notify } from '@synctrade/ui';

type Status = 'idle' | 'loading' | 'ready' | 'error';

export interface PropfirmState {
  headroom: PropHeadroom[];
  headroomStatus: Status;
  presets: PropPreset[];
  presetsStatus: Status;
  loadHeadroom(): Promise<void>;
  loadPresets(): Promise<void>;
  /** Puts a preset's rules on an account (`null`: removes its firm rules). True on success. */
  applyPreset(accountId: number, preset: PropPreset | null): Promise<boolean>;
  /** The account's rules as stored (null when they could not be read; the user was told). */
  loadRules(accountId: number): Promise<AccountPropRules | null>;
  /** Changes several values together: the new rules, or the server's reason it refused them all. */
  editRules(
    accountId: number,
    edits: PropRuleEdit[],
  ): Promise<{ ok: true; rules: AccountPropRules } | { ok: false; detail: string }>;
}

const initial = {
  headroom: [] as PropHeadroom[],
  headroomStatus: 'idle' as Status,
  presets: [] as PropPreset[],
  presetsStatus: 'idle' as Status,
};

/** The prop-firm guard on the desk: headroom per guarded account and the firm presets. */
export const usePropfirmStore = create<PropfirmState>((set, get) => ({
  ...initial,
  async loadHeadroom() {
    if (get().headroomStatus === 'idle') set({ headroomStatus: 'loading' });
    try {
      set({ headroom: await getPropHeadroom(), headroomStatus: 'ready' });
    } catch {
      // A failed refresh keeps the last figures; the next poll tries again.
      set({ headroomStatus: get().headroom.length > 0 ? 'ready' : 'error' });
    }
  },
  async loadPresets() {
    if (get().presetsStatus === 'ready') return;
    set({ presetsStatus: 'loading' });
    try {
      set({ presets: (await getPropPresets()).presets, presetsStatus: 'ready' });
    } catch (error: unknown) {
      set({ presetsStatus: 'error' });
      notify.error(errorMessage(error, 'propRules'));
    }
  },
  async applyPreset(accountId, preset) {
    try {
      if (preset === null)
        notify.success(successMessage(await deletePropRules(accountId), 'Firm rules removed'));
      else {
        await putPropRules(accountId, preset.rules);
        notify.success(`${preset.label} rules set`);
      }
      void get().loadHeadroom();
      return true;
    } catch (error: unknown) {
      notify.error(errorMessage(error, 'propRules'));
      return false;
    }
  },
  async loadRules(accountId) {
    try {
      return await getPropRules(accountId);
    } catch (error: unknown) {
      notify.error(errorMessage(error, 'propRules'));
      return null;
    }
  },
  async editRules(accountId, edits) {
    try {
      const rules = await patchPropRules(accountId, edits);
      void get().loadHeadroom();
      return { ok: true, rules };
    } catch (error: unknown) {
      return { ok: false, detail: errorMessage(error, 'propRules') };
    }
  },
}));

export function resetPropfirmStore(): void {
  usePropfirmStore.setState(initial);
}
