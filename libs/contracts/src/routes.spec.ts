import {
  SERVICES,
  SERVICE_APPS,
  apiRoutes,
  appForPrefix,
  prefixesOf,
  serviceUrlVariable,
} from './routes';

describe('the route table', () => {
  it('maps every API prefix of the product to its app', () => {
    expect(apiRoutes).toEqual({
      users: 'users',
      posts: 'posts',
      profileQuestions: 'me-answers',
      search: 'search',
      meAnswers: 'me-answers',
      feedMessages: 'feed-messages',
      userLikes: 'reactions',
      userViews: 'reactions',
      lotties: 'reactions',
      privateQuestions: 'private-questions',
      files: 'files',
      notifications: 'notifications',
      follows: 'notifications',
      weeklyQuestion: 'notifications',
      circles: 'circles',
      moderation: 'moderation',
      blocks: 'moderation',
      applicationServices: 'site',
      applicationImages: 'site',
      applicationText: 'site',
      configuration: 'site',
    });
  });

  it('gives every app at least one prefix', () => {
    for (const app of SERVICE_APPS) expect(prefixesOf(app).length).toBeGreaterThan(0);
  });

  it('gives no prefix to two apps, nor a schema', () => {
    const prefixes = SERVICE_APPS.flatMap((app) => SERVICES[app].prefixes);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    const schemas = SERVICE_APPS.map((app) => SERVICES[app].schema);
    expect(new Set(schemas).size).toBe(schemas.length);
    for (const schema of schemas) expect(schema).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it('knows no prefix outside the table, including inherited object keys', () => {
    expect(appForPrefix('reactions')).toBeUndefined();
    expect(appForPrefix('constructor')).toBeUndefined();
    expect(appForPrefix('userLikes')).toBe('reactions');
  });

  it('names the service URL variable after the app', () => {
    expect(serviceUrlVariable('me-answers')).toBe('ME_ANSWERS_SERVICE_URL');
  });
});
