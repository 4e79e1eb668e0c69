import type { GatewayConfig } from './gateway.config';

export type RateRule = {
  bucket: string;
  /** ip: the client's address; email: the JSON body's `email`; member: the signed-in member. */
  by: 'ip' | 'email' | 'member';
  limit: (limits: GatewayConfig['rateLimits']) => number;
  /** The rule's own window; without one, RATE_LIMIT_WINDOW_SECONDS. */
  windowSeconds?: (limits: GatewayConfig['rateLimits']) => number;
};

/**
 * Which calls are limited, by what and how much (docs/security.md has the table). Keys are the
 * gateway's normalised paths (api-path.ts), so an encoded spelling of a path is limited as the
 * path it decodes to; every method of a path counts.
 */
export const RATE_RULES: Readonly<Record<string, readonly RateRule[]>> = {
  '/api/users/login': [
    { bucket: 'login', by: 'ip', limit: (l) => l.loginPerIp },
    { bucket: 'login', by: 'email', limit: (l) => l.loginPerEmail },
  ],
  '/api/users/register': [{ bucket: 'register', by: 'ip', limit: (l) => l.registerPerIp }],
  '/api/users/sendPasswordResetEmail': [
    { bucket: 'reset', by: 'ip', limit: (l) => l.resetPerIp },
    { bucket: 'reset', by: 'email', limit: (l) => l.resetPerEmail },
  ],
  '/api/users/sendPhoneCode': [{ bucket: 'messages', by: 'ip', limit: (l) => l.messagesPerIp }],
  '/api/users/sendVerificationEmailToUser': [
    { bucket: 'messages', by: 'ip', limit: (l) => l.messagesPerIp },
  ],
  '/api/users/changePhonenumber': [{ bucket: 'messages', by: 'ip', limit: (l) => l.messagesPerIp }],
  // Checks the password (like a sign-in) and sends a link.
  '/api/users/changeEmail': [
    { bucket: 'verify', by: 'ip', limit: (l) => l.verifyPerIp },
    { bucket: 'messages', by: 'ip', limit: (l) => l.messagesPerIp },
  ],
  '/api/users/verifyUserByPhone': [{ bucket: 'verify', by: 'ip', limit: (l) => l.verifyPerIp }],
  '/api/users/verifyUserByEmail': [{ bucket: 'verify', by: 'ip', limit: (l) => l.verifyPerIp }],
  '/api/users/updateUserPassword': [{ bucket: 'verify', by: 'ip', limit: (l) => l.verifyPerIp }],
  '/api/users/deleteUserById': [{ bucket: 'verify', by: 'ip', limit: (l) => l.verifyPerIp }],
  // Each forced or new translation is a paid call to the provider.
  '/api/posts/translateOutput': [
    { bucket: 'translate', by: 'member', limit: (l) => l.translatePerMember },
    { bucket: 'translate', by: 'ip', limit: (l) => l.translatePerIp },
  ],
  '/api/posts/updatePostViews': [{ bucket: 'counters', by: 'ip', limit: (l) => l.countersPerIp }],
  '/api/posts/updateShareProp': [{ bucket: 'counters', by: 'ip', limit: (l) => l.countersPerIp }],
  // Each upload is seconds of image decoding on a two-core machine.
  '/api/files/uploadApplicationFile': [
    { bucket: 'uploads', by: 'member', limit: (l) => l.uploadsPerMember },
    { bucket: 'uploads', by: 'ip', limit: (l) => l.uploadsPerIp },
  ],
  // Forem's measure: nine comments in thirty seconds, per member.
  '/api/feedMessages/sendMessage': [
    {
      bucket: 'comments',
      by: 'member',
      limit: (l) => l.commentsPerMember,
      windowSeconds: (l) => l.commentsWindowSeconds,
    },
  ],
};
