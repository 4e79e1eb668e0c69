// What each build is made from: tools/build.mjs skips a build whose inputs' digest did not change.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir`, without node_modules and dot folders. */
export function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : files(path);
    return [path];
  });
}

/**
 * Files the web build writes into its own sources: the signs fonts (apps/web/vite-fonts.ts) are
 * cut from the fontsource packages, so package-lock.json and vite-fonts.ts stand for them. Counted
 * as inputs, the first build after `npm ci` (which writes them) changed its own digest, and the
 * first `npm start` built the web app again.
 */
const WEB_GENERATED = join('apps', 'web', 'app', 'fonts', 'generated');

/** The web app's inputs, relative to `root`: its sources, the libraries it bundles, its config. */
export function webInputs(root = '.') {
  const at = (path) => join(root, path);
  return [
    ...files(at('apps/web/app')).filter((file) => !file.startsWith(at(WEB_GENERATED) + '/')),
    ...files(at('apps/web/public')),
    ...files(at('libs/web')),
    ...files(at('libs/contracts/src')),
    ...files(at('libs/messages/src')),
    at('apps/web/vite.config.ts'),
    at('apps/web/vite-fonts.ts'),
    at('apps/web/react-router.config.ts'),
    at('package-lock.json'),
  ].filter((file) => existsSync(file));
}
