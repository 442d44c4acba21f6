import { create } from 'zustand';

export type LiveStatus = 'connecting' | 'live' | 'offline';

/** The live push connection's state, for the top bar indicator. */
export const useLiveStore = create<{ status: LiveStatus; setStatus: (s: LiveStatus) => void }>()((set) => ({
  status: 'connecting',
  setStatus: (status) => set({ status }),
}));
