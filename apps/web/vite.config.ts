import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    alias: {
      '@mepedia/contracts': root('libs/contracts/src/index.ts'),
      '@mepedia/web-i18n': root('libs/web/i18n/src/index.ts'),
      '@mepedia/web-api': root('libs/web/api/src/index.ts'),
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Small shared chunks merged where that changes nothing that runs: fewer requests before
    // the first paint on a slow phone (the header's parts were some thirty chunks).
    rollupOptions: { output: { experimentalMinChunkSize: 20_000 } },
  },
});
