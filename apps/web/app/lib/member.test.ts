import type { CurrentUser } from '@mepedia/contracts';
import { describe, expect, it } from 'vitest';
import { memberView } from './member';

const DANA: CurrentUser = {
  id: 'u1',
  username: 'dana@example.com',
  email: 'dana@example.com',
  phoneNumberPrefix: '+972',
  phoneNumber: '521234567',
  firstname: 'Dana',
  lastname: 'Levi',
  fullname: 'Dana Levi',
  language: 'he',
  birthdate: '1990-05-17',
  country: 'Israel',
  gender: 'female',
  websiteLink: null,
  facebookLink: null,
  instagramLink: null,
  linkedinLink: null,
  profileImage: '/files/original.jpg',
  croppedProfileImage: '/files/cropped.jpg',
  moto: null,
  aboutMe: null,
  videoUrl: null,
  verification: 'verified',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('memberView', () => {
  it('keeps what pages show of the member and drops their contact details', () => {
    const user = DANA;
    const view = memberView(user);
    expect(view).toEqual({
      id: 'u1',
      firstname: 'Dana',
      lastname: 'Levi',
      fullname: 'Dana Levi',
      image: '/files/cropped.jpg',
      language: 'he',
      roles: [],
      suspendedUntil: null,
    });
    const text = JSON.stringify(view);
    for (const secret of ['dana@example.com', '521234567', '1990-05-17', 'female'])
      expect(text).not.toContain(secret);
  });

  it('carries the session’s roles and suspension, which the pages show and hide by', () => {
    const view = memberView({
      ...DANA,
      roles: ['moderator'],
      suspendedUntil: '2026-12-10T12:00:00.000Z',
    });
    expect(view.roles).toEqual(['moderator']);
    expect(view.suspendedUntil).toBe('2026-12-10T12:00:00.000Z');
  });
});
