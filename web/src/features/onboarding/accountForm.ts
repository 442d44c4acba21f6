import { isPhoneNumber, type ValidationError, validateBlank, validateEmail } from '@fieldwatch/core';
import { passwordErrors } from '@/lib/passwordErrors.ts';

/** The create-account step's fields: the user and their organization, sent together. */
export type AccountDraft = {
  username: string;
  name: string;
  email: string;
  phone: string;
  password: string;
  repeat: string;
  company: string;
};
export type AccountField = keyof AccountDraft;
export type AccountErrors = Partial<Record<AccountField, ValidationError>>;

export const emptyAccount: AccountDraft = {
  username: '',
  name: '',
  email: '',
  phone: '',
  password: '',
  repeat: '',
  company: '',
};

/** The server's username shape (core contract): no spaces. */
const USERNAME = /^\S+$/;

/**
 * The account rules on each field: blanks, the e-mail, the password and its repetition, plus the
 * server's username and phone shapes. `label` gives the field's translated name for the texts.
 */
export function validateAccount(draft: AccountDraft, label: (field: AccountField) => string): AccountErrors {
  const errors: AccountErrors = {};
  for (const field of ['username', 'name', 'email', 'company'] as const) {
    const blank = validateBlank(draft[field], label(field));
    if (blank) errors[field] = blank;
  }
  if (!errors.username && !USERNAME.test(draft.username.trim()))
    errors.username = { key: 'onboarding.account.usernameSpaces' };
  if (!errors.email) errors.email = validateEmail(draft.email, label('email')) ?? undefined;
  if (!isPhoneNumber(draft.phone)) errors.phone = { key: 'onboarding.account.phoneInvalid' };
  Object.assign(errors, passwordErrors(draft.password, draft.repeat));
  for (const k of Object.keys(errors) as AccountField[]) if (!errors[k]) delete errors[k];
  return errors;
}

/** The createAccount body's user and organization; the optional phone is left out when empty. */
export function accountBody(draft: AccountDraft) {
  const phone = draft.phone.trim();
  return {
    user: {
      username: draft.username.trim(),
      password: draft.password,
      email: draft.email.trim(),
      name: draft.name.trim(),
      ...(phone ? { phone } : {}),
    },
    organization: { name: draft.company.trim() },
  };
}
