import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { signFonts } from './vite-fonts';
import { precompileMessages } from './vite-messages';

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

type ModuleInfo = { importedIds: readonly string[] } | null;

// What React Router's own chunks carry (its entry's and the client's), and so not the shell.
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)\//;
// The schema library, directly or through the contracts' index (which re-exports every schema).
const SCHEMAS = /\/node_modules\/zod\/|\/libs\/contracts\/src\/index\.ts$/;
// A page's own strings (libs/web/i18n/src/messages/<page>.ts; en.ts and he.ts are every page's):
// each in a chunk of its own that its page loads, never in the shell although the i18n index
// re-exports them (Rollup would pull them into the shell with the index otherwise).
const PAGE_MESSAGES = /\/libs\/web\/i18n\/src\/messages\/(?!en\.ts$|he\.ts$)([\w-]+)\.ts$/;
// The query cache and what it runs on: one chunk, loaded by the pages that keep a cache (the
// magazine, people, settings, a post), never by the others (components/query/query-provider.tsx).
const QUERY_CACHE =
  /\/node_modules\/@tanstack\/|\/apps\/web\/app\/components\/query\/|\/libs\/web\/api\/src\/queries(\.ts$|\/)/;
// Following members (issue 32): the Follow button, the counts, the lists' rows and their strings,
// one chunk for the pages that show them (home, people, a profile, the follow lists), not a
// chunk for the parts and another for the strings on each of them. A profile's Block and Mute
// and their strings (issue 35) go with them: a profile loads no script more for them, and the
// settings' "Blocked and muted" tab takes this chunk for its strings.
const FOLLOWING =
  /\/apps\/web\/app\/components\/follow\/|\/libs\/web\/i18n\/src\/messages\/(follow|blocks)\.ts$/;
// Notification groups as pages show them (issue 33: the notifications page and a member's home):
// the sentence component and its strings, one chunk (the live connection stays a lazy one).
const NOTIFICATION_LIST =
  /\/apps\/web\/app\/components\/notifications\/notification-text\.tsx$|\/libs\/web\/i18n\/src\/messages\/notifications\.ts$/;
// Search's results (issue 36): their parts and strings, one chunk for the pages that show them
// (the search page, and the people page when it searches).
const SEARCH_RESULTS =
  /\/apps\/web\/app\/components\/search\/|\/libs\/web\/i18n\/src\/messages\/search\.ts$/;
// A member's home page (issue 33): its parts and strings go with the home page's own chunk.
const MEMBER_HOME =
  /\/apps\/web\/app\/components\/home\/|\/libs\/web\/i18n\/src\/messages\/member-home\.ts$/;
// The page parts several pages share (cards, bylines, reactions, fields, the ui/ pieces). A
// folder of its own under components/ (settings/, editor/, answers/...) belongs to its page.
const PARTS = /\/apps\/web\/app\/(components(\/ui)?|lib)\/[^/?]+\.tsx?$/;

/**
 * The shell: every module the root route imports, directly or not, but the framework (header,
 * footer, toolbar, translations, API client, icons), and the shared page parts (components/,
 * components/ui/ and lib/, not a page's own folder) that need no schemas. It is one chunk rather than some twenty small ones: on HTTP/1.1
 * each is a request that waits for one of the browser's six connections to the site, and a slow
 * phone pays a round trip for each. The parts are small, and most pages use most of them.
 * Rollup puts a manual chunk's imports in it too, so nothing in the shell may reach zod: a part
 * that does stays with its pages (the forms' helpers), and the root reaching it fails the build
 * (import values from '@mepedia/contracts/browser').
 */
function shellModules(
  getModuleIds: () => IterableIterator<string>,
  getModuleInfo: (id: string) => ModuleInfo,
): Set<string> {
  // The module and all it imports, or null when that reaches the schemas.
  const graphOf = (start: string): Set<string> | null => {
    const modules = new Set<string>();
    const queue = [start];
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (modules.has(id) || FRAMEWORK.test(id) || PAGE_MESSAGES.test(id)) continue;
      if (SCHEMAS.test(id)) return null;
      modules.add(id);
      queue.push(...(getModuleInfo(id)?.importedIds ?? []));
    }
    return modules;
  };
  const shell = graphOf(root('apps/web/app/root.tsx'));
  if (!shell)
    throw new Error(
      "The web app's shell (root.tsx and its imports) reaches zod: import values from '@mepedia/contracts/browser', not the schemas",
    );
  for (const id of getModuleIds()) {
    if (!PARTS.test(id) || shell.has(id)) continue;
    for (const part of graphOf(id) ?? []) shell.add(part);
  }
  return shell;
}
let shell: Set<string> | undefined;

/**
 * WEB_BUNDLE_REPORT=<file>: write, for each browser chunk, its modules by rendered size (bytes
 * before compression), largest first: where a page's script weight comes from.
 */
function bundleReport(file: string | undefined): Plugin | undefined {
  if (!file) return undefined;
  return {
    name: 'mepedia-bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const chunks = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk'
          ? [
              {
                chunk: item.fileName,
                modules: Object.entries(item.modules)
                  .map(([id, info]) => ({
                    id: id.replace(root(''), ''),
                    bytes: info.renderedLength,
                  }))
                  .sort((a, b) => b.bytes - a.bytes),
              },
            ]
          : [],
      );
      writeFileSync(file, JSON.stringify(chunks, null, 1));
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    signFonts(root('apps/web/app')),
    precompileMessages(),
    reactRouter(),
    bundleReport(process.env['WEB_BUNDLE_REPORT']),
  ],
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
      // The browser gets its messages parsed (vite-messages.ts), and so intl-messageformat
      // without the ICU parser: its stub keeps the element types and throws if asked to parse.
      ...(command === 'build' && !isSsrBuild
        ? {
            '@formatjs/icu-messageformat-parser': root(
              'node_modules/@formatjs/icu-messageformat-parser/lib/no-parser.js',
            ),
          }
        : {}),
    },
  },
  build: {
    target: 'es2022',
    // WEB_SOURCEMAP=1 for an analysis build (where a chunk's bytes come from); never shipped.
    sourcemap: process.env['WEB_SOURCEMAP'] === '1',
    // The shell in one chunk (shellModules); each page's own code in its own. (Rollup's
    // experimentalMinChunkSize merged pages with each other: the home page loaded the about and
    // support texts.)
    rollupOptions: {
      output: {
        // The server's build is one file that Node loads once (.mjs, react-router.config.ts):
        // pages' lazy imports (the PNG drawing, the editor's cleaner) are inlined into it.
        ...(isSsrBuild ? { inlineDynamicImports: true } : {}),
        // The browser's build only.
        manualChunks: isSsrBuild
          ? undefined
          : (id, { getModuleIds, getModuleInfo }) => {
              // Vite's few lines for lazy imports: in the shell, not a request of their own.
              if (id.includes('vite/preload-helper')) return 'shell';
              if (QUERY_CACHE.test(id)) return 'query';
              if (FOLLOWING.test(id)) return 'follow';
              if (NOTIFICATION_LIST.test(id)) return 'notifications';
              if (SEARCH_RESULTS.test(id)) return 'search';
              if (MEMBER_HOME.test(id)) return undefined;
              const pageMessages = PAGE_MESSAGES.exec(id);
              if (pageMessages) return `messages-${pageMessages[1]}`;
              shell ??= shellModules(getModuleIds, getModuleInfo);
              return shell.has(id) ? 'shell' : undefined;
            },
      },
    },
  },
}));
