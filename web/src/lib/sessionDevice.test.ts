import { describe, expect, it } from 'vitest';
import { readableAddress, sessionDevice } from './sessionDevice.ts';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
};

describe('session device names', () => {
  it.each([
    [UA.chromeWindows, 'Chrome', 'Windows', false],
    [UA.edge, 'Edge', 'Windows', false],
    [UA.opera, 'Opera', 'Windows', false],
    [UA.safariMac, 'Safari', 'macOS', false],
    [UA.iphone, 'Safari', 'iOS', true],
    [UA.chromeIos, 'Chrome', 'iOS', true],
    [UA.firefoxLinux, 'Firefox', 'Linux', false],
    [UA.samsung, 'Samsung Internet', 'Android', true],
    [UA.chromeOs, 'Chrome', 'ChromeOS', false],
    [UA.headless, 'Chrome', 'Linux', false],
    ['curl/8.5.0', 'curl', null, false],
  ])('%s', (ua, browser, system, mobile) => {
    expect(sessionDevice(ua)).toEqual({ browser, system, mobile });
  });

  it('knows nothing of an empty or unknown agent', () => {
    expect(sessionDevice('')).toEqual({ browser: null, system: null, mobile: false });
    expect(sessionDevice('node')).toEqual({ browser: null, system: null, mobile: false });
  });

  it('shows IPv4 addresses mapped into IPv6 as IPv4', () => {
    expect(readableAddress('::ffff:192.168.1.20')).toBe('192.168.1.20');
    expect(readableAddress('::1')).toBe('::1');
    expect(readableAddress('2001:db8::ffff:1')).toBe('2001:db8::ffff:1');
  });
});
