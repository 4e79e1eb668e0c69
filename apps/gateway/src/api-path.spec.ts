import { normalizeApiPath, routeTemplateMatcher } from './api-path';

const codeOf = (url: string) => {
  try {
    normalizeApiPath(url);
    return 'accepted';
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe(normalizeApiPath.name, () => {
  it('finds the prefix and keeps the query for the service', () => {
    expect(normalizeApiPath('/api/users/login?x=1')).toEqual({
      prefix: 'users',
      path: '/api/users/login',
      forward: '/api/users/login?x=1',
    });
    expect(normalizeApiPath('/api/feedMessages/getMessages')?.prefix).toBe('feedMessages');
    expect(normalizeApiPath('/health/live')).toBeUndefined();
    expect(normalizeApiPath('/apiusers/login')).toBeUndefined();
  });

  it('decodes percent-encoded letters, so a limit keyed on the path sees the real call', () => {
    expect(normalizeApiPath('/api/users/%6cogin')).toMatchObject({
      path: '/api/users/login',
      forward: '/api/users/login',
    });
    expect(normalizeApiPath('/api/%75sers/%72egister')?.path).toBe('/api/users/register');
    expect(normalizeApiPath('/api/users/sendPassword%52esetEmail')?.path).toBe(
      '/api/users/sendPasswordResetEmail',
    );
  });

  it('forwards one canonical encoding of each segment', () => {
    expect(normalizeApiPath('/api/users/getUserIdByEmail/a@b.example')?.forward).toBe(
      '/api/users/getUserIdByEmail/a%40b.example',
    );
    expect(normalizeApiPath('/api/users/getProfileById/%D7%90')?.path).toBe(
      '/api/users/getProfileById/א',
    );
  });

  it('keeps one trailing slash for the service but limits without it', () => {
    expect(normalizeApiPath('/api/files/imagePageView/abc/?resize=true')).toEqual({
      prefix: 'files',
      path: '/api/files/imagePageView/abc',
      forward: '/api/files/imagePageView/abc/?resize=true',
    });
  });

  it.each([
    ['an encoded slash', '/api/users/x%2flogin'],
    ['an encoded backslash', '/api/users/x%5Clogin'],
    ['a literal backslash', '/api/users\\login'],
    ['a dot segment', '/api/users/./login'],
    ['an encoded dot segment', '/api/users/%2e%2e/posts/create'],
    ['a double slash', '/api/users//login'],
    ['a double slash after the prefix', '/api//users/login'],
    ['bad percent-encoding', '/api/users/%zzlogin'],
    ['a truncated escape', '/api/users/login%4'],
    ['invalid UTF-8', '/api/users/%c3%28'],
    ['an encoded NUL', '/api/users/login%00'],
  ])('refuses %s with 400 BAD_REQUEST_PATH', (_name, url) => {
    expect(codeOf(url)).toBe('BAD_REQUEST_PATH');
  });
});

describe(routeTemplateMatcher.name, () => {
  const templateOf = routeTemplateMatcher([
    { method: 'POST', path: '/api/users/login' },
    { method: 'GET', path: '/api/files/image/{id}' },
    { method: 'DELETE', path: '/api/feedMessages/deleteMessage/{id}/{id2}' },
  ]);

  it('names a call by its catalogue template, ids and all', () => {
    expect(templateOf('POST', '/api/users/login')).toBe('/api/users/login');
    expect(templateOf('GET', '/api/files/image/f00d')).toBe('/api/files/image/{id}');
    expect(templateOf('DELETE', '/api/feedMessages/deleteMessage/a/b')).toBe(
      '/api/feedMessages/deleteMessage/{id}/{id2}',
    );
  });

  it('knows no template for another method, a missing id or an unlisted call', () => {
    expect(templateOf('GET', '/api/users/login')).toBeUndefined();
    expect(templateOf('GET', '/api/files/image/a/b')).toBeUndefined();
    expect(templateOf('DELETE', '/api/feedMessages/deleteMessage/a')).toBeUndefined();
    expect(templateOf('POST', '/api/users/nothing')).toBeUndefined();
  });
});
