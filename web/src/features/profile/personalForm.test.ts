import { testProfile } from '@test/profile.ts';
import { describe, expect, it } from 'vitest';
import { avatarProblem, emailChanged, personalTexts, personalUpdate } from './personalForm.ts';

const profile = testProfile({
  title: 'Operations',
  phone: '+46 70 123 45 67',
  location: [59.33, 18.07],
  notification: { email: false, desktop: true },
});

describe('personal info form', () => {
  it('turns the texts into the update of the five accepted fields', () => {
    const texts = { ...personalTexts(profile), name: '  Maja  Berg ', latitude: '57,7', longitude: '-11.97' };
    expect(personalUpdate(texts, profile.email)).toEqual({
      update: {
        name: 'Maja  Berg',
        title: 'Operations',
        email: 'maja@example.com',
        phone: '+46 70 123 45 67',
        location: [57.7, -11.97],
      },
      problems: {},
    });
  });

  it('uses the spec texts for a blank name and an invalid e-mail; an empty e-mail is allowed', () => {
    const { problems } = personalUpdate(
      { ...personalTexts(profile), name: ' ', email: 'maja@', currentPassword: 'secret' },
      profile.email,
    );
    expect(problems).toEqual({
      name: { key: 'validation.blank', params: { name: 'name' } },
      email: { key: 'validation.email', params: { name: 'email' } },
    });
    expect(personalUpdate({ ...personalTexts(profile), email: '' }, '').problems).toEqual({});
  });

  it('asks for the current password only when the e-mail address changes, as the server compares them', () => {
    expect(emailChanged('maja@example.com', ' Maja@Example.COM ')).toBe(false);
    expect(emailChanged('maja@example.com', 'maja@example.org')).toBe(true);
    expect(emailChanged('', 'maja@example.com')).toBe(true);
    const same = personalUpdate({ ...personalTexts(profile), email: 'MAJA@example.com' }, profile.email);
    expect(same.problems).toEqual({});
    expect(same.update).not.toHaveProperty('currentPassword');
    const moved = { ...personalTexts(profile), email: 'maja@example.org' };
    expect(personalUpdate(moved, profile.email).problems).toEqual({
      currentPassword: { key: 'validation.blank', params: { name: 'currentPassword' } },
    });
    // The password goes as typed, spaces and all.
    const { update, problems } = personalUpdate({ ...moved, currentPassword: ' s3cret ' }, profile.email);
    expect(problems).toEqual({});
    expect(update).toMatchObject({ email: 'maja@example.org', currentPassword: ' s3cret ' });
  });

  it("refuses phone characters and coordinates the server's contract refuses", () => {
    const { problems } = personalUpdate(
      {
        ...personalTexts(profile),
        phone: '070-123 abc',
        latitude: '91',
        longitude: 'east',
      },
      profile.email,
    );
    expect(problems).toEqual({
      phone: { key: 'profile.personal.invalid', params: { name: 'phone' } },
      latitude: { key: 'profile.personal.range', params: { name: 'latitude', min: -90, max: 90 } },
      longitude: { key: 'profile.personal.range', params: { name: 'longitude', min: -180, max: 180 } },
    });
    expect(personalUpdate({ ...personalTexts(profile), latitude: '' }, profile.email).problems).toEqual({
      latitude: { key: 'validation.blank', params: { name: 'latitude' } },
    });
  });
});

describe('avatar check', () => {
  it('takes PNG, JPEG and WebP up to 1 MB', () => {
    expect(avatarProblem({ type: 'image/png', size: 1024 * 1024 })).toBeNull();
    expect(avatarProblem({ type: 'image/webp', size: 10 })).toBeNull();
    expect(avatarProblem({ type: 'image/jpeg', size: 1024 * 1024 + 1 })).toEqual({ key: 'profile.avatar.tooLarge' });
    expect(avatarProblem({ type: 'image/gif', size: 10 })).toEqual({ key: 'profile.avatar.wrongType' });
    expect(avatarProblem({ type: '', size: 10 })).toEqual({ key: 'profile.avatar.wrongType' });
  });
});
