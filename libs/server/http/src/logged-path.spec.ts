import { loggedPath } from './logged-path';

describe(loggedPath.name, () => {
  it('drops the query string and masks an email address in the path, spelled or encoded', () => {
    expect(loggedPath('/api/posts/getPosts?token=secret')).toBe('/api/posts/getPosts');
    expect(loggedPath('/api/users/getUserIdByEmail/dana@example.com')).toBe(
      '/api/users/getUserIdByEmail/[email]',
    );
    expect(loggedPath('/api/users/getUserIdByEmail/dana%40example.com?x=1')).toBe(
      '/api/users/getUserIdByEmail/[email]',
    );
    expect(loggedPath('/api/files/image/Abc123')).toBe('/api/files/image/Abc123');
  });
});
