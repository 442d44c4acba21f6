import {
  type BrowserErrorReport,
  ERROR_CONTEXT_VALUE_MAX,
  ERROR_MESSAGE_MAX,
  ERROR_STACK_MAX,
  type ErrorContext,
} from '@fieldwatch/core';
import type { ErrorInfo } from 'react';

/** At most this many reports leave one page load, so a render loop cannot flood the server. */
export const MAX_REPORTS_PER_PAGE = 20;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The message and stack of whatever was thrown or rejected (not always an Error). */
export function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) {
    const name = error.name && error.name !== 'Error' ? `${error.name}: ` : '';
    return { message: `${name}${error.message}` || 'Error', stack: error.stack };
  }
  if (typeof error === 'string') return { message: error || 'Error' };
  try {
    return { message: `Non-error value: ${JSON.stringify(error) ?? String(error)}` };
  } catch {
    return { message: `Non-error value: ${String(error)}` };
  }
}

/** The built bundle's name (e.g. index-B3x9aQ1z) tells which build failed; absent in development. */
const BUILD = /\/([\w.]+-[\w-]{6,})\.js$/.exec(import.meta.url)?.[1];

/** Where the page is: the route path only, never its query or hash (reset and invitation tokens live there). */
export function pageContext(): ErrorContext {
  const html = document.documentElement;
  const context: ErrorContext = {
    route: clip(location.pathname, 300),
    userAgent: clip(navigator.userAgent, 300),
    language: html.lang || null,
    theme: html.dataset.theme ?? null,
    viewport: `${window.innerWidth}x${window.innerHeight}`,
  };
  if (BUILD) context.build = BUILD;
  return context;
}

export type ErrorReporter = {
  report: (error: unknown, extra?: ErrorContext) => void;
  /** Whether reporting is on (the client config says); reports made before that wait for it. */
  enable: (on: boolean) => void;
};

/**
 * Reports each distinct error (message and stack) once per page load, at most
 * MAX_REPORTS_PER_PAGE of them; nothing is sent until the configuration says reporting is on.
 */
export function createErrorReporter(
  send: (report: BrowserErrorReport) => void,
  contextOf: () => ErrorContext = pageContext,
): ErrorReporter {
  const seen = new Set<string>();
  const waiting: BrowserErrorReport[] = [];
  let on: boolean | undefined;
  return {
    report(error, extra = {}) {
      if (on === false) return;
      const { message, stack } = describeError(error);
      const key = `${message}\n${stack ?? ''}`;
      if (seen.has(key) || seen.size >= MAX_REPORTS_PER_PAGE) return;
      seen.add(key);
      const context = { ...contextOf(), ...extra };
      for (const [k, v] of Object.entries(context))
        if (typeof v === 'string') context[k] = clip(v, ERROR_CONTEXT_VALUE_MAX);
      const report: BrowserErrorReport = { message: clip(message, ERROR_MESSAGE_MAX), context };
      if (stack) report.stack = clip(stack, ERROR_STACK_MAX);
      if (on) send(report);
      else waiting.push(report);
    },
    enable(value) {
      on = value;
      const queued = waiting.splice(0);
      if (value) for (const report of queued) send(report);
    },
  };
}

/** Sent with keepalive, so a report made while the page unloads still arrives; a failure is dropped. */
function sendReport(report: BrowserErrorReport) {
  void fetch('/api/v1/errors', {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
  }).catch(() => {});
}

let reporter: ErrorReporter | undefined;

/** Reports an error the app caught itself (an error boundary, a failed route). */
export function reportError(error: unknown, extra?: ErrorContext) {
  reporter?.report(error, extra);
}

/** The window's uncaught errors and unhandled rejections, reported once `enabled` resolves to true. */
export function installErrorReporter(enabled: Promise<boolean>) {
  const r = createErrorReporter(sendReport);
  reporter = r;
  window.addEventListener('error', (e) => {
    // "Script error." is all a browser says of another origin's script: nothing to act on.
    if (!e.error && /^Script error\.?$/.test(e.message)) return;
    r.report(e.error ?? e.message, { kind: 'error' });
  });
  window.addEventListener('unhandledrejection', (e) => r.report(e.reason, { kind: 'unhandledrejection' }));
  enabled.then(r.enable, () => r.enable(false));
}

const componentStack = (info: ErrorInfo) => clip(info.componentStack?.trim() ?? '', ERROR_CONTEXT_VALUE_MAX);

/**
 * React's root error callbacks (createRoot options): errors an error boundary caught and those none
 * did, with the component stack. Otherwise as React does by default (console, window error event).
 */
export const reactErrorCallbacks = {
  onCaughtError(error: unknown, info: ErrorInfo) {
    console.error(error);
    reportError(error, { kind: 'render', componentStack: componentStack(info) });
  },
  onUncaughtError(error: unknown, info: ErrorInfo) {
    reportError(error, { kind: 'render-uncaught', componentStack: componentStack(info) });
    // React's default: the window's error event (the report above already holds it, so no second one).
    window.reportError(error);
  },
};
