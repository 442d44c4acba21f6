/**
 * A short device name from a browser's user agent ("Firefox on Windows"), enough for a person to
 * recognise their own session; the full text stays available as a tooltip.
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function deviceOf(userAgent: string): { browser?: string; system?: string } {
  const find = (list: [RegExp, string][]) => list.find(([re]) => re.test(userAgent))?.[1];
  return { browser: find(BROWSERS), system: find(SYSTEMS) };
}
