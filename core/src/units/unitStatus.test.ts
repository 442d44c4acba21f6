import { describe, expect, it } from 'vitest';
import { alarmStatus, INACTIVE_MARKER, STATUS_SEVERITY, UNIT_STATUSES, unitStatus } from './unitStatus.ts';

const unit = (UnitName: string, ...types: (number | string)[]) => ({
  UnitName,
  AlarmEvents: types.map((AlarmType) => ({ AlarmType })),
});

describe('unitStatus (in priority order)', () => {
  it('uses the Swedish marker text for inactive units', () => {
    expect(INACTIVE_MARKER).toBe('Ej Installerad');
  });

  it('1. inactive when the name contains the marker, beating every alarm event', () => {
    expect(unitStatus(unit('Ej Installerad'))).toBe('inactive');
    expect(unitStatus(unit('Pump 3 (Ej Installerad) north'))).toBe('inactive');
    expect(unitStatus(unit('Pump Ej Installerad', 19))).toBe('inactive');
    expect(unitStatus(unit('Pump Ej Installerad', 0, 4))).toBe('inactive');
    expect(unitStatus(unit('Pump Ej Installerad', 19, 0, '4'))).toBe('inactive');
  });

  it('does not treat a name without the exact marker as inactive', () => {
    expect(unitStatus(unit('Pump Installerad'))).toBe('ok');
    expect(unitStatus(unit('Ej Installerad'.slice(0, -1)))).toBe('ok');
  });

  it('2. problem when any alarm event is a communication error (type 19), beating alarm', () => {
    expect(unitStatus(unit('Pump', 19))).toBe('problem');
    expect(unitStatus(unit('Pump', 0, 19))).toBe('problem');
    expect(unitStatus(unit('Pump', 4, 30, 19, 52))).toBe('problem');
    expect(unitStatus(unit('Pump', '19'))).toBe('problem');
  });

  it('3. alarm when any alarm event has an AlarmType of 0 or more', () => {
    expect(unitStatus(unit('Pump', 0))).toBe('alarm');
    expect(unitStatus(unit('Pump', 4))).toBe('alarm');
    expect(unitStatus(unit('Pump', 52))).toBe('alarm');
    expect(unitStatus(unit('Pump', -1, 28))).toBe('alarm');
  });

  it('parses a string AlarmType in radix 10', () => {
    expect(unitStatus(unit('Pump', '4'))).toBe('alarm');
    expect(unitStatus(unit('Pump', '0'))).toBe('alarm');
    expect(unitStatus(unit('Pump', '08'))).toBe('alarm');
    expect(unitStatus(unit('Pump', '019'))).toBe('problem');
    expect(unitStatus(unit('Pump', '-3'))).toBe('ok');
    expect(unitStatus(unit('Pump', '0x13'))).toBe('alarm'); // 0 in radix 10, not hexadecimal 19
    expect(alarmStatus('0x13')).toBe('alarm');
  });

  it('does not count negative or non-numeric alarm types', () => {
    expect(unitStatus(unit('Pump', -1))).toBe('ok');
    expect(unitStatus(unit('Pump', -1, -19, '-2'))).toBe('ok');
    expect(unitStatus(unit('Pump', 'none', ''))).toBe('ok');
  });

  it('4. ok when there are no alarm events', () => {
    expect(unitStatus(unit('Pump'))).toBe('ok');
  });

  it('knows the four statuses and orders severity alarm > problem > ok > inactive', () => {
    expect([...UNIT_STATUSES].sort()).toEqual(['alarm', 'inactive', 'ok', 'problem']);
    expect(STATUS_SEVERITY.alarm).toBeGreaterThan(STATUS_SEVERITY.problem);
    expect(STATUS_SEVERITY.problem).toBeGreaterThan(STATUS_SEVERITY.ok);
    expect(STATUS_SEVERITY.ok).toBeGreaterThan(STATUS_SEVERITY.inactive);
  });
});

describe('alarmStatus', () => {
  it('shows a communication error as problem', () => {
    expect(alarmStatus(19)).toBe('problem');
    expect(alarmStatus('19')).toBe('problem');
  });

  it('shows every other alarm as alarm', () => {
    for (const t of [0, 4, 18, 20, 28, 30, 43, 52, '4', '0']) expect(alarmStatus(t)).toBe('alarm');
  });
});
