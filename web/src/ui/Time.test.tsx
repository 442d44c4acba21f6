import type { Profile } from '@fieldwatch/core';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from '@/stores/user.ts';
import { TIME_SLOT, Time, TimeIn } from './Time.tsx';

const AT = '2026-11-24T20:30:05Z'; // 25 Nov, 05:30:05 in Seoul
const use = (timeConfig: Profile['timeConfig']) =>
  useUserStore.setState({ activeLanguage: 'en', profile: { timeConfig } as unknown as Profile });
const timeEl = (c: HTMLElement) => c.querySelector('time') as HTMLTimeElement;

describe('<Time>', () => {
  beforeEach(() => use({ timeFormat: '12h', timezone: 'GMT +09:00 Seoul', dateFormat: 'DD MMM YYYY' }));
  afterEach(() => {
    cleanup();
    useUserStore.setState({ profile: null });
  });

  it("shows an instant in the profile's order, clock and timezone, the moment machine-readable", () => {
    const { container } = render(<Time at={AT} />);
    expect(timeEl(container).textContent).toBe('25 Nov 2026 05:30 AM');
    expect(timeEl(container).dateTime).toBe('2026-11-24T20:30:05.000Z');
    expect(timeEl(container).title).toBe('');
  });

  it('shows the shorter forms with the full date and time as the tooltip', () => {
    const forms = (['date', 'time', 'dayTime', 'day'] as const).map((form) => {
      const { container } = render(<Time at={AT} form={form} />);
      return [timeEl(container).textContent, timeEl(container).title];
    });
    expect(forms).toEqual([
      ['25 Nov 2026', '25 Nov 2026 05:30 AM'],
      ['05:30 AM', '25 Nov 2026 05:30 AM'],
      ['25 Nov 05:30 AM', '25 Nov 2026 05:30 AM'],
      ['25 Nov', '25 Nov 2026 05:30 AM'],
    ]);
  });

  it('keeps a relative text, its tooltip the full time', () => {
    const { container } = render(<Time at={AT}>5 min ago</Time>);
    expect(timeEl(container).textContent).toBe('5 min ago');
    expect(timeEl(container).title).toBe('25 Nov 2026 05:30 AM');
  });

  it('follows a change of the profile', () => {
    const { container, rerender } = render(<Time at={AT} />);
    use({ timeFormat: '24h', timezone: 'GMT -08:00 Los Angeles', dateFormat: 'MMM DD YYYY' });
    rerender(<Time at={AT} />);
    expect(timeEl(container).textContent).toBe('Nov 24 2026 12:30');
  });

  it('shows an unreadable time as it came', () => {
    const { container } = render(<Time at="sometime" />);
    expect(container.textContent).toBe('sometime');
    expect(container.querySelector('time')).toBeNull();
  });

  it('puts the instant into a translated sentence where the language has it', () => {
    const { container } = render(<TimeIn text={`12 alarms since ${TIME_SLOT}.`} at={AT} form="date" />);
    expect(container.textContent).toBe('12 alarms since 25 Nov 2026.');
    expect(timeEl(container).textContent).toBe('25 Nov 2026');
  });
});
