/**
 * A short, recognisable name for a session's device from its user agent ("Chrome on Windows"):
 * enough for a person to tell their own sessions apart. Order matters: Edge and Opera also say
 * Chrome, Chrome also says Safari, iPads and Android phones also say Linux or Mac OS X.
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

type SessionDevice = { browser: string | null; system: string | null; mobile: boolean };

export function sessionDevice(userAgent: string): SessionDevice {
  const find = (list: [RegExp, string][]) => list.find(([re]) => re.test(userAgent))?.[1] ?? null;
  return { browser: find(BROWSERS), system: find(SYSTEMS), mobile: /Mobi|iPhone|iPad|Android/.test(userAgent) };
}

/** An IPv4 address as the server saw it through an IPv6 socket ("::ffff:10.0.0.5") reads as plain IPv4. */
export const readableAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
