import { EDITABLE_FIELDS, fieldsOfTab, LANGUAGES, type UnitSettings } from '@fieldwatch/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { screenTexts } from '@test/screen.tsx';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n.ts';
import { queryClient } from '@/lib/query.ts';
import { fieldHelp, isFlag, settingsPatch, unitText } from './fieldForm.ts';
import { SettingsForm } from './SettingsForm.tsx';

// Every unit field reads as a person would name it: a label in every language, a number's unit and
// a sensible range (never the raw int32 limit of an editable field), a text's format; the fields the
// unit sets are shown and never edited.
type Words = Record<string, string>;
type Texts = {
  devices: Words & { fields: Words; fieldFormats: Words; fieldUnits: Words; fieldNotes: Words };
};
const files = import.meta.glob<Texts>('../../../../core/locales/*.json', { eager: true, import: 'default' });
const texts = (lang: string) => {
  const file = files[`../../../../core/locales/${lang}.json`];
  if (!file) throw new Error(`no ${lang}.json`);
  return file.devices;
};
const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

beforeAll(async () => {
  await screenTexts();
});
afterEach(cleanup);

describe('unit field texts', () => {
  it('names every field, its unit, what 0 means and its format in all eight languages', () => {
    for (const lang of LANGUAGES) {
      const d = texts(lang);
      for (const f of EDITABLE_FIELDS) {
        expect(d.fields[f.name], `${lang} ${f.name}`).toMatch(/\S/);
        if (f.kind === 'string') {
          if (f.format) expect(d.fieldFormats[f.format], `${lang} ${f.format}`).toMatch(/\S/);
        } else {
          if (f.unit) expect(d.fieldUnits[f.unit], `${lang} ${f.unit}`).toMatch(/\S/);
          if (f.note) expect(d.fieldNotes[f.note], `${lang} ${f.note}`).toMatch(/\S/);
        }
      }
      for (const key of ['rangeWithUnit', 'fieldHelp', 'setByUnit', 'settingsUnknown', 'settingsLeftOut'])
        expect(d[key], `${lang} ${key}`).toMatch(/\S/);
    }
  });

  it('gives every number field a range with its unit, and no editable field the raw int32 limit', () => {
    for (const f of EDITABLE_FIELDS) {
      if (f.kind === 'string' || isFlag(f)) continue;
      const help = fieldHelp(f, t as never) ?? '';
      expect(help, f.name).toMatch(/\S/);
      if (!f.readOnly) expect(help, f.name).not.toContain('2147483647');
    }
    expect(unitText(EDITABLE_FIELDS.find((f) => f.name === 'Schedule') as never, t as never)).toBe('min');
    const help = (name: string) => fieldHelp(EDITABLE_FIELDS.find((f) => f.name === name) as never, t as never);
    expect(help('Schedule')).toBe('From 0 to 1440 min · 0 = measure continually');
    expect(help('SensorDelay')).toBe('From 0 to 3600 s');
    expect(help('ConnectPort')).toBe('From 0 to 65535 · 0 = not used');
    expect(help('PinCode')).toBe('Up to 8 digits');
    expect(help('ConnectIP')).toBe('IPv4 address, e.g. 192.168.1.10');
    expect(help('AlarmID1')).toBe('Set by the unit · 0 = none');
    expect(help('UnitType')).toBe('Set by the unit');
  });

  it('shows the fields the unit sets as text, and never puts them in a settings patch', () => {
    const fields = fieldsOfTab('deviceInfo');
    const settings = { UnitName: 'Bridge', UnitType: 25, Channels: 4, RelayCount: null } as UnitSettings;
    render(
      <QueryClientProvider client={queryClient}>
        <SettingsForm unitId={1} fields={fields} settings={settings} canEdit canSend />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    for (const name of ['Unit type', 'Group number', 'Channels', 'Relay outputs'])
      expect(screen.queryByRole('textbox', { name }), name).toBeNull();
    expect(screen.getByRole('group', { name: 'Unit type' }).textContent).toContain('X3 (25)');
    expect(screen.getByRole('group', { name: 'Relay outputs' }).textContent).toContain('Unknown');
    const readOnly = EDITABLE_FIELDS.filter((f) => f.readOnly).map((f) => f.name);
    expect(readOnly.sort()).toEqual(
      ['AlarmID1', 'AlarmID2', 'AlarmID3', 'AlarmID4', 'Channels', 'GroupID', 'RelayCount', 'UnitType'].sort(),
    );
    expect(settingsPatch(fields, { UnitType: '1', UnitName: 'Pier' }, settings).patch).toEqual({ UnitName: 'Pier' });
  });
});
