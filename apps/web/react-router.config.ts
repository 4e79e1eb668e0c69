import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // Outside apps/ so the swc build of the servers never touches it; .mjs because the
  // repository is CommonJS and the server build is an ES module.
  buildDirectory: '../../dist/web',
  serverBuildFile: 'index.mjs',
} satisfies Config;
