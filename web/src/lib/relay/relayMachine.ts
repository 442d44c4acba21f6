import type { RelayView } from '@fieldwatch/core';

/**
 * The relay's operation round trip as the widget shows it (initializing, pending,
 * error, resetting; plus ready). Pure: the widget feeds it the first read, the command's answer,
 * the unit's live `relay` reports and `operation` results, and its own time-outs.
 *
 * - initializing: the first read has not answered, or the unit never reported its outputs.
 * - pending: a command was sent; the toggles show what was asked until the unit reports it.
 * - error: the command failed or timed out (the widget toasts 'relay update error').
 * - resetting: after an error, the toggles return to the last confirmed state while it is read again.
 * - ready: the toggles show the outputs the unit last reported.
 */
type RelayPhase = 'initializing' | 'ready' | 'pending' | 'error' | 'resetting';

export type RelayMachine = {
  phase: RelayPhase;
  /** The outputs as the unit last reported them ('1010'), null before any report. */
  confirmed: string | null;
  /** What the toggles show: the requested state while pending or in error, else the confirmed one. */
  shown: string | null;
  /** The command under way: its state and (once the server accepted it) its sequence number. */
  requested: string | null;
  seq: number | null;
  /** Why the last command failed ('' when it did not). */
  failure: string;
  /** Operation results that arrived before the command's sequence number was known. */
  early: { seq: number; ok: boolean; message: string }[];
};

export type RelayEvent =
  | { type: 'loaded'; view: RelayView }
  | { type: 'loadFailed' }
  | { type: 'send'; state: string }
  | { type: 'accepted'; seq: number }
  | { type: 'rejected'; message: string }
  | { type: 'reported'; state: string }
  | { type: 'operation'; seq: number; ok: boolean; message: string }
  | { type: 'timeout'; seq: number | null }
  | { type: 'reset' };

export const initialRelay: RelayMachine = {
  phase: 'initializing',
  confirmed: null,
  shown: null,
  requested: null,
  seq: null,
  failure: '',
  early: [],
};

const RELAY_STATE = /^[01]{1,16}$/;

const settled = (m: RelayMachine, confirmed: string | null): RelayMachine => ({
  ...m,
  phase: confirmed === null ? 'initializing' : 'ready',
  confirmed,
  shown: confirmed,
  requested: null,
  seq: null,
  early: [],
});

const failed = (m: RelayMachine, message: string): RelayMachine => ({
  ...m,
  phase: 'error',
  failure: message,
  early: [],
});

export function relayReducer(m: RelayMachine, e: RelayEvent): RelayMachine {
  switch (e.type) {
    case 'loaded': {
      const state = e.view.state !== null && RELAY_STATE.test(e.view.state) ? e.view.state : null;
      // A read never interrupts a command of this widget that is still under way.
      if (m.phase === 'pending' || m.phase === 'error') return { ...m, confirmed: state ?? m.confirmed };
      if (e.view.status === 'pending' && e.view.requested && RELAY_STATE.test(e.view.requested)) {
        // Someone (this user before a reload, or another user) has a command under way.
        return {
          ...m,
          phase: 'pending',
          confirmed: state,
          shown: e.view.requested,
          requested: e.view.requested,
          seq: e.view.seq,
          early: [],
        };
      }
      if (e.view.status === 'resetting') return { ...settled(m, state), phase: 'resetting' };
      const failure = m.phase === 'resetting' ? m.failure : e.view.status === 'error' ? e.view.message : '';
      return { ...settled(m, state), failure };
    }
    case 'loadFailed':
      // Nothing is known: stay initializing; after a reset the confirmed state stays on screen.
      return m.phase === 'resetting' ? settled(m, m.confirmed) : m;
    case 'send':
      if (m.phase === 'pending' || !RELAY_STATE.test(e.state)) return m;
      return { ...m, phase: 'pending', shown: e.state, requested: e.state, seq: null, failure: '', early: [] };
    case 'accepted': {
      if (m.phase !== 'pending' || m.seq !== null) return m;
      const next = { ...m, seq: e.seq };
      const answer = m.early.find((r) => r.seq === e.seq);
      return answer ? relayReducer(next, { type: 'operation', ...answer }) : { ...next, early: [] };
    }
    case 'rejected':
      return m.phase === 'pending' && m.seq === null ? failed(m, e.message) : m;
    case 'reported': {
      if (!RELAY_STATE.test(e.state)) return m;
      // The unit reporting what was asked confirms the command even before its result arrives.
      if (m.phase === 'pending' && e.state === m.requested) return settled(m, e.state);
      if (m.phase === 'pending' || m.phase === 'error') return { ...m, confirmed: e.state };
      return settled(m, e.state);
    }
    case 'operation': {
      if (m.phase !== 'pending') return m;
      if (m.seq === null) return { ...m, early: [...m.early, { seq: e.seq, ok: e.ok, message: e.message }] };
      if (e.seq !== m.seq) return m;
      return e.ok ? settled(m, m.requested) : failed(m, e.message);
    }
    case 'timeout':
      return m.phase === 'pending' && m.seq === e.seq ? failed(m, '') : m;
    case 'reset':
      if (m.phase !== 'error') return m;
      return { ...m, phase: 'resetting', shown: m.confirmed, requested: null, seq: null };
  }
}

/** The outputs of a state string as booleans ('10' → [true, false]). */
export const outputsOf = (state: string | null): boolean[] => (state ?? '').split('').map((c) => c === '1');

/** The state string with output `index` switched to `on`. */
export function withOutput(state: string, index: number, on: boolean): string {
  if (index < 0 || index >= state.length) return state;
  return `${state.slice(0, index)}${on ? '1' : '0'}${state.slice(index + 1)}`;
}

/** Whether the toggles accept a switch now. */
export const canSwitch = (m: RelayMachine) => m.phase === 'ready' && m.shown !== null;
