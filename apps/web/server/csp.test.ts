import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createNonce, isEmbeddable, referrerPolicy } from './csp';

const directives = (policy: string) =>
  new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );

describe('createNonce', () => {
  it('is 128 random bits, new every time', () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});

describe('contentSecurityPolicy', () => {
  it("runs only the nonce's scripts and what they load, and no plugins, bases or foreign frames", () => {
    const policy = directives(contentSecurityPolicy('abc123==', { publicApiUrl: '' }));
    expect(policy.get('script-src')).toBe("'nonce-abc123==' 'strict-dynamic'");
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'none'");
    expect(policy.get('frame-ancestors')).toBe("'self'");
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.get('connect-src')).toBe("'self'");
    // Images: ours and the API's only; a member's page never loads one from another site.
    expect(policy.get('img-src')).toBe("'self' data: blob:");
    expect(policy.get('style-src')).toContain("'self'");
    expect(policy.get('font-src')).toBe("'self'");
    // Frames: ours and YouTube's privacy-enhanced player (the settings' video preview), nothing else.
    expect(policy.get('frame-src')).toBe("'self' https://www.youtube-nocookie.com");
  });

  it('lets the browser call the API where it lives when the site is served alone', () => {
    const policy = directives(
      contentSecurityPolicy('n', { publicApiUrl: 'https://api.mepedia.example/v1' }),
    );
    expect(policy.get('connect-src')).toBe("'self' https://api.mepedia.example");
    expect(policy.get('img-src')).toBe("'self' data: blob: https://api.mepedia.example");
    expect(
      directives(contentSecurityPolicy('n', { publicApiUrl: '/api' })).get('connect-src'),
    ).toBe("'self'");
  });

  it('lets any site frame the widget card, and nothing else', () => {
    const card = directives(contentSecurityPolicy('n', { publicApiUrl: '', embeddable: true }));
    expect(card.get('frame-ancestors')).toBe('*');
    expect(card.get('script-src')).toBe("'nonce-n' 'strict-dynamic'");
    expect(isEmbeddable('/me-widget-template/0196f0a4/classic')).toBe(true);
    expect(isEmbeddable('/he/me-widget-template/dark?x=1')).toBe(true);
    for (const url of [
      '/me-widget/0196f0a4',
      '/me-widget-template/',
      '/profile/me-widget-template/x',
      '/he/post/me-widget-template',
      '/me-widget-templates/x',
    ])
      expect(isEmbeddable(url), url).toBe(false);
  });
});

describe('referrerPolicy', () => {
  it('sends other sites the origin at most, and nothing from a circle invitation', () => {
    expect(referrerPolicy('/')).toBe('strict-origin-when-cross-origin');
    expect(referrerPolicy('/post/abc?x=1')).toBe('strict-origin-when-cross-origin');
    // The invitation's address holds its secret: a referrer goes to this site only.
    expect(referrerPolicy('/circle/join/abc_DEF-123')).toBe('same-origin');
    expect(referrerPolicy('/he/circle/join/abc?lang=he')).toBe('same-origin');
    expect(referrerPolicy('/profile/circle/join/abc')).toBe('strict-origin-when-cross-origin');
  });
});
