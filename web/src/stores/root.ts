import { create } from 'zustand';

/** Transient app state: the body blur requested by overlays. */
type RootState = { blurRequests: number; requestBlur: () => () => void };

export const useRootStore = create<RootState>()((set) => ({
  blurRequests: 0,
  requestBlur: () => {
    set((s) => ({ blurRequests: s.blurRequests + 1 }));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      set((s) => ({ blurRequests: s.blurRequests - 1 }));
    };
  },
}));
