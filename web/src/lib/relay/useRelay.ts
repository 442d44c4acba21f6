import { useCallback, useEffect, useReducer, useState } from 'react';
import { errorText } from '../errorText.ts';
import { onLive } from '../live.ts';
import { relayApi } from './relayApi.ts';
import { canSwitch, initialRelay, relayReducer, withOutput } from './relayMachine.ts';

/** Without the unit's answer this long after the server took the command, it counts as failed. */
const RELAY_TIMEOUT_MS = 20_000;
/** How long the error shows before the toggles return to the confirmed outputs. */
const ERROR_HOLD_MS = 1500;

/**
 * One relay unit's outputs and their round trip, for the relay widget and the
 * operations panel: the first read, the unit's live `relay` reports and operation results, the
 * command's time-out, and after an error (which `onError` announces) a reset to the confirmed state.
 */
export function useRelay(unitId: number, onError: () => void) {
  const [m, dispatch] = useReducer(relayReducer, initialRelay);
  const [readError, setReadError] = useState<unknown>(null);
  const [updatedAt, setUpdatedAt] = useState(0);

  const read = useCallback((id: number) => {
    relayApi.read(id).then(
      (view) => {
        setReadError(null);
        setUpdatedAt(Date.now());
        dispatch({ type: 'loaded', view });
      },
      (e: unknown) => {
        setReadError(e);
        dispatch({ type: 'loadFailed' });
      },
    );
  }, []);

  // Initializing until the first read.
  useEffect(() => read(unitId), [unitId, read]);

  // The unit's reports and the operations' results arrive on the live socket.
  useEffect(
    () =>
      onLive((e) => {
        if (e.unitId !== unitId) return;
        if (e.kind === 'relay' && typeof e.state === 'string') {
          setUpdatedAt(Date.now());
          dispatch({ type: 'reported', state: e.state });
        } else if (e.kind === 'operation' && e.state !== 'requested') {
          if (e.operation === 'relay') {
            dispatch({
              type: 'operation',
              seq: Number(e.seq),
              ok: e.state === 'succeeded',
              message: String(e.message ?? ''),
            });
          } else if (e.operation === 'restart') read(unitId);
        }
      }),
    [unitId, read],
  );

  // No answer in time is an error.
  useEffect(() => {
    if (m.phase !== 'pending' || m.seq === null) return;
    const seq = m.seq;
    const timer = setTimeout(() => dispatch({ type: 'timeout', seq }), RELAY_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [m.phase, m.seq]);

  // An error is announced, shown briefly, then the toggles return to the confirmed state, read again.
  useEffect(() => {
    if (m.phase !== 'error') return;
    onError();
    const timer = setTimeout(() => {
      dispatch({ type: 'reset' });
      read(unitId);
    }, ERROR_HOLD_MS);
    return () => clearTimeout(timer);
  }, [m.phase, unitId, read, onError]);

  /** Switches one output; ignored unless the relay is ready. */
  const send = (index: number, on: boolean) => {
    if (!m.shown || !canSwitch(m)) return;
    const state = withOutput(m.shown, index, on);
    dispatch({ type: 'send', state });
    relayApi.set(unitId, state).then(
      (r) => dispatch({ type: 'accepted', seq: r.seq }),
      (e: unknown) => dispatch({ type: 'rejected', message: errorText(e) }),
    );
  };

  return { m, readError, updatedAt, read: () => read(unitId), send };
}
