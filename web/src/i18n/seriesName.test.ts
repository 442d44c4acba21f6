import { LANGUAGES, SERIES } from '@fieldwatch/core';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { columnName, seriesName } from './seriesName.ts';

type Json = Record<string, unknown>;
const files = import.meta.glob<Json>('../../../core/locales/*.json', { eager: true, import: 'default' });
const locale = (lang: string) => files[`../../../core/locales/${lang}.json`] ?? {};

/** A translator over one locale file, as the app's i18next would be. */
async function translator(lang: string) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: lang, resources: { [lang]: { translation: locale(lang) } }, returnNull: false });
  return i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;
}

const KEYS = [...new Set(SERIES.map((s) => s.key))];

describe.each(LANGUAGES)('series names in %s', (lang) => {
  const names = (locale(lang).series ?? {}) as Record<string, unknown>;

  it('name every series of core/src/units/series.ts, the channel as {{channel}} where it is per channel', () => {
    const perChannel = new Set(SERIES.filter((s) => s.channel !== null).map((s) => s.key));
    for (const key of KEYS) {
      const name = names[key];
      expect(typeof name === 'string' && name.trim() !== '', `series.${key}`).toBe(true);
      expect(String(name).includes('{{channel}}'), `series.${key} and its channel`).toBe(perChannel.has(key));
    }
  });

  it('show the locale name with its channel, never the API column, for every series', async () => {
    const t = await translator(lang);
    for (const s of SERIES) {
      const expected = String(names[s.key]).replace('{{channel}}', String(s.channel));
      expect(seriesName(t, s), s.column).toBe(expected);
      if (s.channel !== null) expect(seriesName(t, s), s.column).not.toBe(s.column);
    }
  });
});

describe('seriesName', () => {
  it('reads "Channel 1 battery", "Battery voltage", and names a column by its series', async () => {
    const t = await translator('en');
    const battery1 = SERIES.find((s) => s.column === 'ChannelBattery1');
    if (!battery1) throw new Error('no ChannelBattery1');
    expect(seriesName(t, battery1)).toBe('Channel 1 battery');
    expect(columnName(t, 'BatteryVoltage')).toBe('Battery voltage');
    expect(columnName(t, 'radarpercentage')).toBe('Radar deviation');
    expect(columnName(t, 'Resistance2')).toBe('Resistance 2');
  });

  it('keeps a column no series has as it came (an API field name)', async () => {
    const t = await translator('en');
    expect(columnName(t, 'Vendor42')).toBe('Vendor42');
  });
});
