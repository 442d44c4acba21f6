import { type EditableField, type FieldProblem, fieldProblem, REQUIRED_SETTINGS } from '@fieldwatch/core';
import type { TFunction } from 'i18next';

/** A form's text for a stored value: empty for unset. */
export const formText = (value: number | string | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

/** Flags (integer 0/1) show as switches. */
export const isFlag = (f: EditableField) => f.kind === 'int' && f.min === 0 && f.max === 1;

export type Parsed = { value: number | string | null } | { problem: FieldProblem | { rule: 'blank' } };

/**
 * What the user typed, as the value the settings call takes: numbers for number fields, null for an
 * emptied optional field; or why it cannot be saved, by the same rule the server applies (core).
 */
export function parseField(field: EditableField, text: string): Parsed {
  const trimmed = text.trim();
  const required = REQUIRED_SETTINGS.includes(field.name);
  if (trimmed === '') {
    if (required) return { problem: { rule: 'blank' } };
    return { value: field.kind === 'string' ? '' : null };
  }
  const value = field.kind === 'string' ? text : Number(trimmed.replace(',', '.'));
  const problem = fieldProblem(field, value);
  return problem ? { problem } : { value };
}

/** A number field's unit of measure in the user's language. */
export const unitText = (f: EditableField, t: TFunction): string | undefined =>
  f.kind !== 'string' && f.unit ? t(`devices.fieldUnits.${f.unit}`) : undefined;

/**
 * The help under a field: a number's range with its unit and what 0 means (a code: how many digits
 * it has), a text's format, or that the unit sets it; a switch needs none.
 */
export function fieldHelp(f: EditableField, t: TFunction): string | undefined {
  if (f.kind === 'string')
    return f.readOnly ? t('devices.setByUnit') : f.format && t(`devices.fieldFormats.${f.format}`);
  if (isFlag(f)) return undefined;
  const unit = unitText(f, t);
  const first = f.readOnly
    ? t('devices.setByUnit')
    : f.note === 'digits'
      ? t('devices.fieldNotes.digits', { max: String(f.max).length })
      : unit
        ? t('devices.rangeWithUnit', { min: f.min, max: f.max, unit })
        : t('devices.range', { min: f.min, max: f.max });
  const second = f.note && f.note !== 'digits' ? t(`devices.fieldNotes.${f.note}`) : undefined;
  return second ? t('devices.fieldHelp', { first, second }) : first;
}

/** The changed fields of a form as a settings patch, or the problems by field name. */
export function settingsPatch(
  fields: readonly EditableField[],
  texts: Readonly<Record<string, string>>,
  stored: Readonly<Record<string, number | string | null>>,
): { patch: Record<string, number | string | null>; problems: Record<string, FieldProblem | { rule: 'blank' }> } {
  const patch: Record<string, number | string | null> = {};
  const problems: Record<string, FieldProblem | { rule: 'blank' }> = {};
  for (const f of fields) {
    const text = texts[f.name];
    if (f.readOnly || text === undefined || text === formText(stored[f.name])) continue;
    const parsed = parseField(f, text);
    if ('problem' in parsed) problems[f.name] = parsed.problem;
    else patch[f.name] = parsed.value;
  }
  return { patch, problems };
}
