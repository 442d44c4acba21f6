import type { OnboardingConfig, OnboardingConfigBody } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/http.ts';
import { type ActivationError, type ActivationProgress, activationError, activationProgress } from './flow.ts';
import { onboardingApi } from './onboardingApi.ts';

/** While an operation is requested its state is read again at this pace; demo units answer in seconds. */
const POLL_MS = 2000;
/** A unit that has not answered by then is reported as the activation error, with retry. */
const GIVE_UP_MS = 120_000;

export type Activation =
  | { phase: 'sending' }
  | { phase: 'error'; error: ActivationError; message: string }
  | { phase: 'sent'; config: OnboardingConfig; progress: ActivationProgress };

/**
 * Places and activates the unit (POST config), then follows its two operations until both have
 * finished. Every run fetches a fresh view first: its one-time code may have expired while the
 * person stood at the unit, and a retry needs a new one (link expired; activation error, then retry).
 */
export function useActivation(uuid: string, body: Omit<OnboardingConfigBody, 'activationCode'>) {
  const [sent, setSent] = useState<{ config: OnboardingConfig } | { error: ActivationError; message: string }>();
  const [timedOut, setTimedOut] = useState(false);
  const latest = useRef(body);
  latest.current = body;

  const run = useCallback(async () => {
    setSent(undefined);
    setTimedOut(false);
    try {
      const view = await onboardingApi.view(uuid);
      if (!view.activationCode) {
        setSent({ error: view.state === 'owned' ? 'owned' : 'notAllowed', message: '' });
        return;
      }
      const config = await onboardingApi.activate(uuid, { ...latest.current, activationCode: view.activationCode });
      setSent({ config });
    } catch (e) {
      setSent({ error: activationError(e instanceof ApiError ? e.status : undefined), message: (e as Error).message });
    }
  }, [uuid]);

  // Once per mount: a second run (React's development double effect) would activate twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
  }, [run]);

  const config = sent && 'config' in sent ? sent.config : undefined;
  const ops = useQuery({
    queryKey: ['onboardingOperations', config?.unitId, config?.activatedAt],
    queryFn: () => onboardingApi.operations(config?.unitId ?? 0),
    enabled: config !== undefined,
    refetchInterval: (q) =>
      config && activationProgress(config.operations, q.state.data ?? [], timedOut).outcome === 'running'
        ? POLL_MS
        : false,
  });

  useEffect(() => {
    if (!config) return;
    const timer = setTimeout(() => setTimedOut(true), GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [config]);

  let state: Activation = { phase: 'sending' };
  if (sent && 'error' in sent) state = { phase: 'error', ...sent };
  else if (config)
    state = { phase: 'sent', config, progress: activationProgress(config.operations, ops.data ?? [], timedOut) };
  return { state, retry: run };
}
