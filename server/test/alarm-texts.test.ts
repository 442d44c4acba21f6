import fs from 'node:fs';
import { ALARM_TYPES, alarmSentenceOf, LANGUAGES } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFindings } from '../src/modules/alarms/alarms.service.ts';
import { alarmMessage, alarmText } from '../src/modules/alarms/alarmTexts.ts';
import { processPendingAlarms } from '../src/modules/events/engine.service.ts';
import { createOrganization, createTestApp, createUnit, createUser, signIn, type TestApp } from './helpers.ts';

const TYPES = Object.keys(ALARM_TYPES).map(Number);

describe('alarm sentences from facts, in every language', () => {
  it.each(LANGUAGES)('words every alarm type in %s, with its value and limit, and no placeholder left', (lang) => {
    for (const type of TYPES) {
      const text = alarmText(lang, { type, channel: 1, value: -0.981, limit: 1 });
      expect(text, `type ${type}`).not.toMatch(/\{\{|alarmText\./);
      expect(text.length, `type ${type}`).toBeGreaterThan(3);
      const sentence = alarmSentenceOf(type);
      if (sentence?.measured && !sentence.days) expect(text, `type ${type}`).toMatch(/0[.,]981/);
      expect(alarmMessage(lang, { type, channel: 1, value: 2, limit: 1 })).toContain(
        alarmText(lang, { type, channel: 1, value: 2, limit: 1 }),
      );
    }
  });

  it("words the analysis's findings: a fault's distance, a forecast's days in the language's plural", () => {
    expect(alarmText('en', { type: 60, channel: 1, value: 412, limit: 4 })).toBe(
      'Fault suspected 412\u00a0m from the unit (± 4\u00a0m)',
    );
    expect(alarmText('en', { type: 61, channel: 1, value: 2.6, limit: 5 })).toBe(
      'Insulation resistance expected to fall below 5\u00a0MΩ in about 3 days',
    );
    expect(alarmText('en', { type: 62, channel: 0, value: 0.4, limit: 3.3 })).toBe(
      'Battery expected to fall below 3.3\u00a0V in about 1 day',
    );
    expect(alarmText('ko', { type: 61, channel: 1, value: 3, limit: 5 })).toContain('3일');
  });

  it('uses each language number format, and keeps a value with its unit as one isolated run in Arabic', () => {
    const facts = { type: 2, channel: 1, value: 0.981, limit: 1 };
    expect(alarmText('en', facts)).toBe('Insulation resistance 0.981\u00a0MΩ below level 3 (1\u00a0MΩ)');
    expect(alarmText('de', facts)).toBe('Isolationswiderstand 0,981\u00a0MΩ unter Stufe 3 (1\u00a0MΩ)');
    const ar = alarmText('ar', { type: 28, channel: 0, value: -3.1, limit: 3.3 });
    // LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE around "-3.1 V": it cannot flip to "V 3.1-";
    // and a percentage, which has no strong character, is left to right too.
    expect(ar).toMatch(/\u2066[^\u2069]*3\.1\u00a0V\u2069/);
    expect(alarmText('ar', { type: 9, channel: 1, value: 25.4, limit: 25 })).toContain('\u206625.4\u00a0%\u2069');
    expect(ar).toMatch(/^البطارية/);
  });

  it('never repeats the alarm name as its sentence in a message', () => {
    expect(alarmMessage('en', { type: 18, channel: 0 })).toBe('Scheduled alarm');
    expect(alarmMessage('en', { type: 5, channel: 1, value: 20000, limit: 10000 })).toBe(
      'Loop open circuit: Loop resistance 20,000\u00a0Ω, open circuit (from 10,000\u00a0Ω)',
    );
    // An open loop stored before its value was kept: its old text was the name itself.
    expect(alarmMessage('en', { type: 5, channel: 1, text: 'Loop open circuit' })).toBe('Loop open circuit');
  });

  it('shows the text an alarm came with when its facts cannot make a sentence', () => {
    expect(alarmText('sv', { type: 99, channel: 0, text: 'Vendor alarm 7' })).toBe('Vendor alarm 7');
    // Stored before values were kept, and its text could not be parsed: the old text, not a half sentence.
    expect(alarmText('sv', { type: 0, channel: 1, value: null, limit: null, text: 'Insulation low' })).toBe(
      'Insulation low',
    );
  });
});

describe('alarms stored as English sentences before facts were kept', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('get their value and limit back from the sentence, and their events too', async () => {
    const org = await createOrganization(t.db, 'Old texts');
    const unitId = await createUnit(t.db, { organizationId: org, serial: 'OLD-1' });
    const old = [
      [2, 'Insulation resistance 0.981 MΩ below level 3 (1 MΩ)', 0.981, 1],
      [4, 'Loop resistance 75.2 Ω above 60 Ω', 75.2, 60],
      [8, 'Radar curve deviates 12.5% from the reference (level 1, 10%)', 12.5, 10],
      [21, 'PT1 131.5 above 130', 131.5, 130],
      [28, 'Battery 3.1 V below 3.3 V', 3.1, 3.3],
      [52, 'Ground resistance 4 Ω below 10 Ω', 4, 10],
      [0, 'Something a unit once said', null, null],
    ] as const;
    for (const [type, text] of old) {
      const [a] = await t.db.query<{ id: number }>(
        `insert into alarms (unit_id, channel, alarm_type, event_text, event_time) values ($1, 1, $2, $3, now()) returning id`,
        [unitId, type, text],
      );
      const data = { type: 'alarm', alarm: { AlarmType: type, AlarmEventText: text, ChannelID: 1 } };
      await t.db.query(
        'insert into events (id, organization_id, unit_id, alarm_id, created, last_at, data) values ($1, $2, $3, $4, now(), now(), $5)',
        [`old-${a?.id}`, org, unitId, a?.id, JSON.stringify(data)],
      );
    }
    const migration = fs.readFileSync(new URL('../src/db/migrations/015_alarm_facts.sql', import.meta.url), 'utf8');
    // The recovery statements, run again on rows written the old way (the columns exist already).
    for (const statement of migration.split(/;\s*\n/).filter((s) => /\bupdate\b/i.test(s))) await t.db.query(statement);

    const rows = await t.db.query<{
      alarm_type: number;
      value: number | null;
      limit_value: number | null;
      alarm: { Value?: number };
    }>(
      `select a.alarm_type, a.value, a.limit_value, e.data->'alarm' as alarm from alarms a join events e on e.alarm_id = a.id
       where a.unit_id = $1 order by a.id`,
      [unitId],
    );
    expect(rows.map((r) => [r.alarm_type, r.value, r.limit_value])).toEqual(old.map(([type, , v, l]) => [type, v, l]));
    expect(rows.map((r) => r.alarm.Value ?? null)).toEqual(old.map(([, , v]) => v));
  });
});

describe('the language texts are worded in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is the one the client shows (Accept-Language), else the profile language', async () => {
    const org = await createOrganization(t.db, 'Worded');
    await createUser(t.db, { username: 'worded', password: 'worded-pass', organizationId: org, language: 'sv' });
    const unit = { id: await createUnit(t.db, { organizationId: org, serial: 'WORD-1' }), organization_id: org };
    const key = { channel: 1, type: 28 };
    await applyFindings(t.db, unit, [key], [{ ...key, value: 3.1, limit: 3.3 }], new Date());
    await processPendingAlarms(t.db, () => {});
    const cookie = await signIn(t.app, 'worded', 'worded-pass');
    const message = async (headers: Record<string, string>) =>
      (await t.app.inject({ url: '/api/v3/notifications', headers: { cookie, ...headers } })).json()[0]?.message;
    expect(await message({})).toMatch(/^Batterilarm: Batteri 3,1\u00a0V under 3,3\u00a0V$/);
    expect(await message({ 'accept-language': 'de' })).toMatch(/Batterie 3,1\u00a0V unter 3,3\u00a0V$/);
    // A language we do not speak: the profile's.
    expect(await message({ 'accept-language': 'pt-BR,pt;q=0.9' })).toMatch(/Batteri 3,1\u00a0V under 3,3\u00a0V$/);
  });
});
