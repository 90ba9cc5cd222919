import { create } from 'zustand';

interface LayoutState {
  /** The sliding sidebar on small screens. */
  sidebarOpen: boolean;
  /** The collapsible Trade History group. */
  historyOpen: boolean;
  setSidebarOpen(open: boolean): void;
  setHistoryOpen(open: boolean): void;
}

export const useLayoutStore = create<LayoutState>()((set) => ({
  sidebarOpen: false,
  historyOpen: false,
  setSidebarOpen: (sidebarOpen) => set({ sidebarOpen }),
  setHistoryOpen: (historyOpen) => set({ historyOpen }),
}));
