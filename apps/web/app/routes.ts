import { type RouteConfig, index, prefix, route } from '@react-router/dev/routes';
import { MAGAZINE_PATH } from './lib/site';

/** Every page exists at the bare path (English) and under /he (Hebrew). */
function pages(idPrefix: string) {
  const page = (path: string, file: string, id: string) =>
    route(path, file, { id: `${idPrefix}${id}` });
  return [
    index('routes/home.tsx', { id: `${idPrefix}home` }),
    page('about', 'routes/about.tsx', 'about'),
    page('efi', 'routes/efi.tsx', 'efi'),
    page('support', 'routes/support.tsx', 'support'),
    page('terms-of-service', 'routes/terms.tsx', 'terms'),
    page('privacy-policy', 'routes/privacy.tsx', 'privacy'),
    page('unsubscribe', 'routes/unsubscribe.tsx', 'unsubscribe'),
    page('weekly-question', 'routes/weekly-question.tsx', 'weekly-question'),
    // A circle's invitation (issue 34), from its email or a link handed over: anyone holding it.
    page('circle/join/:token', 'routes/circle-join.tsx', 'circle-join'),
    page('auth', 'routes/auth.tsx', 'auth'),
    page('verification', 'routes/verification.tsx', 'verification'),
    page('email-verification', 'routes/email-verification.tsx', 'email-verification'),
    page('password-reset', 'routes/password-reset.tsx', 'password-reset'),
    page('people', 'routes/people.tsx', 'people'),
    // Search (issue 36): people and stories, for everyone, each as the reader may read them.
    page('search', 'routes/search.tsx', 'search'),
    // The member's own notifications (issue 32; lib/navigation.ts, isNotificationsPath).
    page('notifications', 'routes/notifications.tsx', 'notifications'),
    // The member's own writing pages (members only: lib/navigation.ts, isWritingPath).
    page('profile/settings', 'routes/settings.tsx', 'settings'),
    page('profile/edit-me/:questionIndex', 'routes/edit-me.tsx', 'edit-me'),
    page('profile/edit-me-private/:questionIndex', 'routes/edit-me-private.tsx', 'edit-me-private'),
    page('profile/custom-question', 'routes/custom-question.tsx', 'custom-question'),
    page(
      'profile/custom-question/update/:questionIndex',
      'routes/custom-question.tsx',
      'custom-question-update',
    ),
    page('profile/write-post/:postId?', 'routes/write-post.tsx', 'write-post'),
    // A member's followers and the members they follow (issue 32), public as the profile is.
    page('profile/:profileId/followers', 'routes/follow-list.tsx', 'followers'),
    page('profile/:profileId/following', 'routes/follow-list.tsx', 'following'),
    page('profile/:profileId', 'routes/profile.tsx', 'profile'),
    // The member's private questions, theirs alone (with their id, or without it: their own).
    page(
      'me/:profileId/custom-question/:questionIndex?',
      'routes/me-custom.tsx',
      'me-custom-question',
    ),
    page('me/custom-question/:questionIndex?', 'routes/me-custom.tsx', 'me-custom-question-own'),
    page('me/:profileId/:questionIndex?', 'routes/me.tsx', 'me'),
    page('me-widget/:profileId', 'routes/me-widget.tsx', 'me-widget'),
    page(
      'me-widget/:profileId/download/:styleName',
      'routes/me-widget-download.ts',
      'me-widget-download',
    ),
    // The card alone, for iframes: with a member, or the example card without one.
    page(
      'me-widget-template/:profileId/:styleName',
      'routes/me-widget-template.ts',
      'me-widget-template',
    ),
    page('me-widget-template/:styleName', 'routes/me-widget-template.ts', 'me-widget-example'),
    page('post/:postId', 'routes/post.tsx', 'post'),
    page(MAGAZINE_PATH.slice(1), 'routes/magazine.tsx', 'magazine'),
    // Trust and safety (issue 35). Anyone: the public monthly counts, and a notice of illegal
    // content. A member's own: their decisions and reports (where the statement emails link).
    // Moderators' (the page is the 404 to anyone else): the queue, a case, appeals; admins': the
    // audit log. A guest on a member's or moderator's page signs in first (lib/navigation.ts).
    page('transparency', 'routes/transparency.tsx', 'transparency'),
    page('moderation/notice', 'routes/moderation-notice.tsx', 'moderation-notice'),
    page('moderation/decisions', 'routes/moderation-mine.tsx', 'moderation-decisions'),
    page('moderation/reports', 'routes/moderation-mine.tsx', 'moderation-reports'),
    page('moderation', 'routes/moderation-queue.tsx', 'moderation-queue'),
    page('moderation/case/:caseId', 'routes/moderation-case.tsx', 'moderation-case'),
    page('moderation/appeals', 'routes/moderation-appeals.tsx', 'moderation-appeals'),
    page('moderation/audit', 'routes/moderation-audit.tsx', 'moderation-audit'),
    page('design', 'routes/design.tsx', 'design'),
    page('*', 'routes/not-found.tsx', 'not-found'),
  ];
}

export default [
  route('robots.txt', 'routes/robots.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('oembed', 'routes/oembed.ts'),
  ...pages(''),
  ...prefix('he', pages('he-')),
] satisfies RouteConfig;
