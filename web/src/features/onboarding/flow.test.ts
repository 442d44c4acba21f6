import { describe, expect, it } from 'vitest';
import { emptyAccount, validateAccount } from './accountForm.ts';
import {
  activationError,
  activationProgress,
  canRetry,
  next,
  phaseOf,
  previous,
  type Step,
  stepForView,
  type ViewFacts,
} from './flow.ts';

const view = (over: Partial<ViewFacts> = {}): ViewFacts => ({
  state: 'available',
  organizations: 1,
  hasCode: true,
  ...over,
});

describe('onboarding flow', () => {
  it('sends a signed-out person from the tag to login or register, a signed-in one by the view', () => {
    expect(next('tag', { type: 'start', signedIn: false })).toBe('loginOrRegister');
    expect(next('tag', { type: 'start', signedIn: true, view: view() })).toBe('placeDevice');
    expect(next('tag', { type: 'start', signedIn: true, view: view({ organizations: 3 }) })).toBe('selectOrganization');
  });

  it('offers the three ways in from login or register', () => {
    expect(next('loginOrRegister', { type: 'chooseSignIn' })).toBe('signIn');
    expect(next('loginOrRegister', { type: 'chooseRegister' })).toBe('createAccount');
    expect(next('loginOrRegister', { type: 'chooseConnect' })).toBe('connectCompany');
    expect(next('connectCompany', { type: 'chooseSignIn' })).toBe('signIn');
    expect(next('signIn', { type: 'chooseRegister' })).toBe('createAccount');
  });

  it('registers through the terms and the trial, then places the unit in the new organisation', () => {
    let step: Step = 'createAccount';
    step = next(step, { type: 'accountFilled' });
    expect(step).toBe('terms');
    step = next(step, { type: 'accountCreated' });
    expect(step).toBe('startTrial');
    step = next(step, { type: 'trialStarted', view: view() });
    expect(step).toBe('placeDevice');
    expect(next(step, { type: 'placed' })).toBe('activating');
  });

  it('lets an existing e-mail switch to sign-in from the account and terms steps', () => {
    expect(next('createAccount', { type: 'chooseSignIn' })).toBe('signIn');
    expect(next('terms', { type: 'chooseSignIn' })).toBe('signIn');
  });

  it('after sign-in goes where the view allows', () => {
    expect(next('signIn', { type: 'signedIn', view: view() })).toBe('placeDevice');
    expect(next('signIn', { type: 'signedIn', view: view({ organizations: 2 }) })).toBe('selectOrganization');
    expect(next('signIn', { type: 'signedIn', view: view({ organizations: 0, hasCode: false }) })).toBe('notAllowed');
    // Owned, disabled, or already theirs: the tag screen explains or offers.
    expect(next('signIn', { type: 'signedIn', view: view({ state: 'owned', hasCode: false }) })).toBe('tag');
    expect(next('signIn', { type: 'signedIn', view: view({ state: 'disabled', hasCode: false }) })).toBe('tag');
    expect(next('signIn', { type: 'signedIn', view: view({ state: 'yours' }) })).toBe('tag');
  });

  it('chooses the organisation, then places; a re-run skips the placing', () => {
    expect(next('selectOrganization', { type: 'organizationChosen', rerun: false })).toBe('placeDevice');
    expect(next('selectOrganization', { type: 'organizationChosen', rerun: true })).toBe('activating');
  });

  it('re-runs the activation of a unit already placed by the organisation', () => {
    const yours = view({ state: 'yours', organizations: 2 });
    expect(next('tag', { type: 'rerun', view: yours, organizationKnown: true })).toBe('activating');
    expect(next('tag', { type: 'rerun', view: yours, organizationKnown: false })).toBe('selectOrganization');
    expect(next('tag', { type: 'rerun', view: { ...yours, organizations: 1 }, organizationKnown: false })).toBe(
      'activating',
    );
    expect(stepForView({ ...yours, hasCode: false }, true)).toBe('notAllowed');
  });

  it('ignores an answer the step does not take', () => {
    expect(next('activating', { type: 'placed' })).toBe('activating');
    expect(next('startTrial', { type: 'chooseSignIn' })).toBe('startTrial');
    expect(next('tag', { type: 'accountCreated' })).toBe('tag');
  });

  it('goes back where it makes sense, never once the account exists or activation runs', () => {
    expect(previous('terms', 1)).toBe('createAccount');
    expect(previous('signIn', 1)).toBe('loginOrRegister');
    expect(previous('placeDevice', 1)).toBe('tag');
    expect(previous('placeDevice', 2)).toBe('selectOrganization');
    expect(previous('startTrial', 1)).toBeNull();
    expect(previous('activating', 1)).toBeNull();
    expect(phaseOf('terms')).toBe('account');
    expect(phaseOf('placeDevice')).toBe('place');
    expect(phaseOf('activating')).toBe('activate');
  });
});

describe('activation progress', () => {
  const started = [
    { operation: 'send_settings', seq: 7 },
    { operation: 'comm_test', seq: 8 },
  ];

  it('counts the placing as done and reads operations missing from the queue as requested', () => {
    const p = activationProgress(started, []);
    expect(p.items.map((i) => i.state)).toEqual(['requested', 'requested']);
    expect(p.done).toBeCloseTo(1 / 3);
    expect(p.outcome).toBe('running');
  });

  it('matches by sequence, succeeds when both have, fails when one has failed', () => {
    const older = { seq: 3, operation: 'comm_test', state: 'failed' as const };
    const half = activationProgress(started, [older, { seq: 7, operation: 'send_settings', state: 'succeeded' }]);
    expect(half.items.map((i) => i.state)).toEqual(['succeeded', 'requested']);
    expect(half.outcome).toBe('running');
    const all = activationProgress(started, [
      { seq: 7, operation: 'send_settings', state: 'succeeded' },
      { seq: 8, operation: 'comm_test', state: 'succeeded' },
    ]);
    expect(all).toMatchObject({ done: 1, outcome: 'succeeded' });
    const failed = activationProgress(started, [{ seq: 8, operation: 'comm_test', state: 'failed' }]);
    expect(failed.outcome).toBe('failed');
  });

  it('gives up on a unit that does not answer in time', () => {
    expect(activationProgress(started, [], true).outcome).toBe('failed');
  });

  it('maps the API answers to the spec errors; retry only where a new code helps', () => {
    expect(activationError(403)).toBe('notAllowed');
    expect(activationError(409)).toBe('owned');
    expect(activationError(410)).toBe('expired');
    expect(activationError(503)).toBe('activation');
    expect(activationError(undefined)).toBe('activation');
    expect([403, 409, 410, 503].map((s) => canRetry(activationError(s)))).toEqual([false, false, true, true]);
  });
});

describe('account form', () => {
  const label = (f: string) => f;
  const filled = {
    username: 'ada',
    name: 'Ada L',
    email: 'ada@example.com',
    phone: '',
    password: 'secret1',
    repeat: 'secret1',
    company: 'Heat AB',
  };

  it('accepts a filled form, the phone being optional', () => {
    expect(validateAccount(filled, label)).toEqual({});
  });

  it('gives the spec texts: blanks, e-mail, password length and mismatch', () => {
    const errors = validateAccount({ ...emptyAccount, email: 'nope', password: 'abc', repeat: 'abc' }, label);
    expect(errors.username).toEqual({ key: 'validation.blank', params: { name: 'username' } });
    expect(errors.company).toEqual({ key: 'validation.blank', params: { name: 'company' } });
    expect(errors.email).toEqual({ key: 'validation.email', params: { name: 'email' } });
    expect(errors.password?.key).toBe('validation.passwordLength');
    expect(validateAccount({ ...filled, repeat: 'other1' }, label).repeat?.key).toBe('validation.passwordMismatch');
  });

  it('refuses what the server would: spaces in the username, letters in the phone', () => {
    const errors = validateAccount({ ...filled, username: 'ada l', phone: 'call me' }, label);
    expect(Object.keys(errors).sort()).toEqual(['phone', 'username']);
  });
});
