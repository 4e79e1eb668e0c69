import { commonPasswordCount, isCommonPassword } from './common-passwords';

describe(isCommonPassword.name, () => {
  it('knows well over 10,000 common passwords that pass the length rule', () => {
    expect(commonPasswordCount()).toBeGreaterThan(10_000);
  });

  it.each(['password1', 'PASSWORD1', 'qwerty123', 'iloveyou1', '12345678', 'ｐａｓｓｗｏｒｄ１'])(
    'refuses %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['correct horse battery staple', 'מפדיה-של-אנשים', 'kx7-Tq2!mZ'])(
    'lets %s through',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});
