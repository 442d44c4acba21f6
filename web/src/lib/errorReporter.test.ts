import type { BrowserErrorReport } from '@fieldwatch/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createErrorReporter, describeError, MAX_REPORTS_PER_PAGE, pageContext } from './errorReporter.ts';

const collect = () => {
  const sent: BrowserErrorReport[] = [];
  return {
    sent,
    reporter: createErrorReporter(
      (r) => sent.push(r),
      () => ({ route: '/x' }),
    ),
  };
};

describe('error reporter', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('sends nothing until the configuration says reporting is on, then what waited', () => {
    const { sent, reporter } = collect();
    reporter.report(new Error('early'));
    expect(sent).toEqual([]);
    reporter.enable(true);
    expect(sent.map((r) => r.message)).toEqual(['early']);
    reporter.report(new TypeError('later'));
    expect(sent.map((r) => r.message)).toEqual(['early', 'TypeError: later']);
  });

  it('sends nothing at all when reporting is off', () => {
    const { sent, reporter } = collect();
    reporter.report(new Error('queued'));
    reporter.enable(false);
    reporter.report(new Error('after'));
    expect(sent).toEqual([]);
  });

  it('reports an identical error once per page load', () => {
    const { sent, reporter } = collect();
    reporter.enable(true);
    const error = new Error('render loop');
    for (let i = 0; i < 50; i++) reporter.report(error, { kind: 'render' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.stack).toBe(error.stack);
    expect(sent[0]?.context).toEqual({ route: '/x', kind: 'render' });
  });

  it(`caps a page load at ${MAX_REPORTS_PER_PAGE} distinct reports`, () => {
    const { sent, reporter } = collect();
    for (let i = 0; i < 30; i++) reporter.report(new Error(`failure ${i}`));
    reporter.enable(true);
    for (let i = 30; i < 60; i++) reporter.report(new Error(`failure ${i}`));
    expect(sent).toHaveLength(MAX_REPORTS_PER_PAGE);
    expect(sent.at(-1)?.message).toBe(`failure ${MAX_REPORTS_PER_PAGE - 1}`);
  });

  it('keeps within the server limits: long messages, stacks and context values are clipped', () => {
    const { sent, reporter } = collect();
    reporter.enable(true);
    const error = new Error('m'.repeat(5000));
    error.stack = 's'.repeat(40_000);
    reporter.report(error, { componentStack: 'c'.repeat(9000) });
    expect(sent[0]?.message.length).toBe(2000);
    expect(sent[0]?.stack?.length).toBe(16 * 1024);
    expect(String(sent[0]?.context?.componentStack).length).toBe(2000);
  });

  it('describes whatever was thrown or rejected', () => {
    expect(describeError('plain text').message).toBe('plain text');
    expect(describeError({ code: 7 }).message).toBe('Non-error value: {"code":7}');
    expect(describeError(undefined).message).toBe('Non-error value: undefined');
  });

  it('names the route without its query string or hash (tokens live there)', () => {
    window.history.replaceState(null, '', '/reset-password?token=secret-token#frag');
    document.documentElement.lang = 'da';
    document.documentElement.dataset.theme = 'bright';
    const context = pageContext();
    expect(context).toMatchObject({ route: '/reset-password', language: 'da', theme: 'bright' });
    expect(JSON.stringify(context)).not.toContain('secret-token');
    expect(context.userAgent).toEqual(expect.any(String));
  });
});
