import { SERVICE_APPS, apiRoutes, appForPrefix, prefixesOf, serviceUrlVariable } from './routes';

describe('the route table', () => {
  it('maps every API prefix of the product to its app', () => {
    expect(apiRoutes).toEqual({
      users: 'users',
      posts: 'posts',
      profileQuestions: 'me-answers',
      meAnswers: 'me-answers',
      feedMessages: 'feed-messages',
      userLikes: 'reactions',
      userViews: 'reactions',
      lotties: 'reactions',
      privateQuestions: 'private-questions',
      files: 'files',
      applicationServices: 'site',
      applicationImages: 'site',
      applicationText: 'site',
      configuration: 'site',
    });
  });

  it('gives every app at least one prefix', () => {
    for (const app of SERVICE_APPS) expect(prefixesOf(app).length).toBeGreaterThan(0);
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
