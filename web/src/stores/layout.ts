import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Layout preferences of this browser. */
type LayoutState = { navCollapsed: boolean; toggleNav: () => void };

export const useLayoutStore = create<LayoutState>()(
  persist((set) => ({ navCollapsed: false, toggleNav: () => set((s) => ({ navCollapsed: !s.navCollapsed })) }), {
    name: 'fieldwatch.layout',
  }),
);
