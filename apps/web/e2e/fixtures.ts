import { test as base, expect } from '@playwright/test';

type CspWindow = { __reportCspViolation?: (text: string) => Promise<void> };

/**
 * Every browser test fails on a Content-Security-Policy violation: the pages must hydrate and
 * work under the policy, not only carry it. Violations come from the page's own
 * securitypolicyviolation events and from Chromium's console errors.
 */
export const test = base.extend({
  // The context, not an automatic fixture: tests that only use `request` start no browser.
  context: async ({ context }, use) => {
    const violations: string[] = [];
    await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
      violations.push(text);
    });
    await context.addInitScript(() => {
      document.addEventListener(
        'securitypolicyviolation',
        (event) => {
          void (window as CspWindow).__reportCspViolation?.(
            `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} in ${event.documentURI} (${event.sourceFile}:${event.lineNumber})`,
          );
        },
        true,
      );
    });
    context.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        violations.push(message.text());
    });
    await use(context);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
});

export { expect };
