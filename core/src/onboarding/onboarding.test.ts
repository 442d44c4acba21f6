import { describe, expect, it } from 'vitest';
import { TERMS, TRIAL_DAYS, tagUrl, trialDaysLeft } from './onboarding.ts';

describe('onboarding rules', () => {
  it('counts the days left of a 4-week trial, a started day as a day, none after its end', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const end = new Date(now.getTime() + TRIAL_DAYS * 86_400_000);
    expect(trialDaysLeft(end, now)).toBe(28);
    expect(trialDaysLeft(new Date(now.getTime() + 3_600_000), now)).toBe(1);
    expect(trialDaysLeft(now, now)).toBe(0);
    expect(trialDaysLeft('2026-11-01T00:00:00Z', now)).toBe(0);
  });

  it('has every term of version 2023_1 and the tag route', () => {
    expect(TERMS.map((t) => t.key)).toEqual(['contract', 'notice', 'changes', 'payment', 'interest', 'invoicing']);
    expect(tagUrl('https://fw.example', 'abc')).toBe('https://fw.example/nfc/abc');
  });
});
