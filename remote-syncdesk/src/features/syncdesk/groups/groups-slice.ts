import { GROUP_MESSAGE } from '@synctrade/api/messages';
import {
  createGroup,
  deleteGroup,
  errorMessage,
  getGroups,
  isCanceled,
  latestSignal,
  moveAccountToGroup,
  pauseGroup,
  renameGroup,
  resumeGroup,
  type CopyGroup,
  type GroupMovePosition,
} from '@synctrade/api';
import { bus } from '@synctrade/event-bus';
import { notify } from '@synctrade/ui';
import type { GetState, SetState } from '../store/syncdesk-store';

export interface GroupsData {
  /** The trader's copy groups, first group first. */
  groups: CopyGroup[];
  /** The group the desk shows (its rows, and what its buttons act on); null: All accounts. */
  shownGroup: number | null;
}

export interface GroupsActions {
  loadGroups(): Promise<void>;
  showGroup(groupId: number | null): void;
  /** Each answers true on success, so a dialog knows whether to close. */
  createGroup(name: string): Promise<boolean>;
  renameGroup(groupId: number, name: string): Promise<boolean>;
  setGroupPaused(groupId: number, paused: boolean): Promise<boolean>;
  deleteGroup(groupId: number): Promise<boolean>;
  moveAccount(groupId: number, accountId: number, position: GroupMovePosition): Promise<boolean>;
}

export const initialGroupsData: GroupsData = { groups: [], shownGroup: null };

export function createGroupsSlice(set: SetState, get: GetState): GroupsActions {
  /** A group change moves roles and rows: the table, the groups and other screens follow. */
  const change = async (work: () => Promise<unknown>, success: string): Promise<boolean> => {
    try {
      await work();
      notify.success(success);
      bus.emit('copier:changed', {});
      return true;
    } catch (error: unknown) {
      notify.error(errorMessage(error, 'groups'));
      return false;
    } finally {
      void get().loadGroups();
      void get().loadAccounts();
    }
  };
  return {
    async loadGroups() {
      try {
        const groups = await getGroups({ signal: latestSignal('syncdesk:groups') });
        const shown = get().shownGroup;
        // A group deleted elsewhere is no longer shown: the desk falls back to All accounts.
        set({ groups, shownGroup: groups.some((group) => group.id === shown) ? shown : null });
      } catch (error: unknown) {
        if (!isCanceled(error)) notify.error(errorMessage(error, 'groups'));
      }
    },
    showGroup(groupId) {
      set({ shownGroup: groupId });
    },
    async createGroup(name) {
      let created: CopyGroup | null = null;
      const ok = await change(async () => {
        created = await createGroup(name);
      }, GROUP_MESSAGE.created(name));
      if (created !== null) set({ shownGroup: (created as CopyGroup).id });
      return ok;
    },
    renameGroup: (groupId, name) => change(() => renameGroup(groupId, name), GROUP_MESSAGE.renamed),
    setGroupPaused: (groupId, paused) =>
      change(
        () => (paused ? pauseGroup(groupId) : resumeGroup(groupId)),
        paused ? GROUP_MESSAGE.paused : GROUP_MESSAGE.resumed,
      ),
    async deleteGroup(groupId) {
      const ok = await change(() => deleteGroup(groupId), GROUP_MESSAGE.deleted);
      if (ok && get().shownGroup === groupId) set({ shownGroup: null });
      return ok;
    },
    moveAccount: (groupId, accountId, position) =>
      change(
        () => moveAccountToGroup(groupId, accountId, position),
        position === 'align' ? GROUP_MESSAGE.movedAlign : GROUP_MESSAGE.movedKeep,
      ),
  };
}
