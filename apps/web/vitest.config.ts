import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

// Unit and component tests of the web app and its libraries (*.test.ts[x]); jest runs the servers' *.spec.ts.
export default defineConfig({
  resolve: {
    alias: {
      // Before '@mepedia/contracts', which would otherwise take it as a path inside itself.
      '@mepedia/contracts/browser': root('libs/contracts/src/browser.ts'),
      '@mepedia/contracts': root('libs/contracts/src/index.ts'),
      // Before '@mepedia/messages', as for the contracts.
      '@mepedia/messages/errors': root('libs/messages/src/errors.ts'),
      '@mepedia/messages': root('libs/messages/src/index.ts'),
      '@mepedia/web-i18n': root('libs/web/i18n/src/index.ts'),
      // Before '@mepedia/web-api', as for the contracts.
      '@mepedia/web-api/queries': root('libs/web/api/src/queries.ts'),
      '@mepedia/web-api': root('libs/web/api/src/index.ts'),
    },
  },
  test: {
    root: root(''),
    include: [
      'apps/web/app/**/*.test.{ts,tsx}',
      'apps/web/server/**/*.test.ts',
      'apps/web/*.test.ts',
      'libs/web/**/*.test.{ts,tsx}',
    ],
    environment: 'node',
  },
});
