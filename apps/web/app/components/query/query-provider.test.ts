import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { forgetOtherMembers } from './query-provider';

describe('the browser’s query cache across sign-ins', () => {
  it('is emptied when the member signed in changes, and kept while they stay', () => {
    const client = new QueryClient();
    const key = ['posts', 'profile', 'm1'];
    forgetOtherMembers(client, 'm1');
    client.setQueryData(key, { private: 'the first member’s own list' });
    // The same member on the next page: what they read stays.
    forgetOtherMembers(client, 'm1');
    expect(client.getQueryData(key)).toBeDefined();
    // Someone else signed in (in another tab): nothing of the first member's is left to draw.
    forgetOtherMembers(client, 'm2');
    expect(client.getQueryData(key)).toBeUndefined();
    // Signing out does the same.
    client.setQueryData(key, { private: 'the second member’s' });
    forgetOtherMembers(client, null);
    expect(client.getQueryData(key)).toBeUndefined();
  });

  it('keeps a guest’s first reads: the first page of a visit empties nothing', () => {
    const client = new QueryClient();
    client.setQueryData(['posts', 'list'], { posts: [] });
    forgetOtherMembers(client, null);
    expect(client.getQueryData(['posts', 'list'])).toBeDefined();
  });
});
