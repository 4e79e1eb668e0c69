import { randomBytes } from 'node:crypto';

/** A fresh nonce for one response: 128 random bits, base64. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The origin browsers call the API at, or null when it is this same origin ('' or a path). */
function apiOrigin(publicApiUrl: string): string | null {
  if (!/^https?:\/\//i.test(publicApiUrl)) return null;
  try {
    return new URL(publicApiUrl).origin;
  } catch {
    return null;
  }
}

/**
 * The pages' Content-Security-Policy. Scripts run only with this response's nonce, and what they
 * load ('strict-dynamic'), so injected markup cannot run script even where it gets into a page.
 */
export function contentSecurityPolicy(
  nonce: string,
  options: { publicApiUrl: string; embeddable?: boolean },
): string {
  const api = apiOrigin(options.publicApiUrl);
  const directives = [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // The stylesheet is ours; React's streaming may add a <style> carrying the nonce.
    `style-src 'self' 'nonce-${nonce}'`,
    // Members' images are uploaded and served by the files service behind the API, never from
    // another site (docs/adr/0005-member-images-are-uploaded.md).
    `img-src 'self' data: blob:${api ? ` ${api}` : ''}`,
    "font-src 'self'",
    // The browser calls the API: here at /api, or at PUBLIC_API_URL when the site is served alone.
    `connect-src 'self'${api ? ` ${api}` : ''}`,
    // Frames: ours, and YouTube's privacy-enhanced player for the settings page's video preview
    // (loaded only when the member presses play, components/settings/profile-text-forms.tsx). A
    // thumbnail would need img-src for i.ytimg.com on every page instead, and show no video.
    "frame-src 'self' https://www.youtube-nocookie.com",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    // Pages are framed by this site only; the widget's card by any site (that is what it is for).
    options.embeddable ? 'frame-ancestors *' : "frame-ancestors 'self'",
  ];
  return directives.join('; ');
}

/**
 * Pages any site may put in a frame: the widget's card (`/me-widget-template/...`, in either
 * language). It has no script, no form and nothing a member does, so framing cannot trick anyone.
 */
export function isEmbeddable(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? '';
  return /^\/(?:he\/)?me-widget-template\/[^/]/.test(path);
}

/**
 * The Referrer-Policy of a page. Every page sends other sites its origin at most
 * (`strict-origin-when-cross-origin`); a circle's invitation (`/circle/join/{token}`, issue 34)
 * carries its secret in its address, so it sends a referrer to this site only (`same-origin`):
 * not `no-referrer`, which would also make the page's own calls to the API say `Origin: null`.
 */
export function referrerPolicy(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  return /^\/(?:he\/)?circle\/join(?:\/|$)/.test(path)
    ? 'same-origin'
    : 'strict-origin-when-cross-origin';
}
