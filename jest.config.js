// One jest run, three tiers. `npm test` runs them all; `--selectProjects unit` runs the fast tier.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

const moduleNameMapper = {
  '^@mepedia/contracts$': '<rootDir>/libs/contracts/src/index.ts',
  '^@mepedia/messages$': '<rootDir>/libs/messages/src/index.ts',
  '^@mepedia/messages/errors$': '<rootDir>/libs/messages/src/errors.ts',
  '^@mepedia/search-text$': '<rootDir>/libs/search-text/src/index.ts',
  '^@mepedia/server-(config|database|http|identity|platform|queue|testing|service-testing)$':
    '<rootDir>/libs/server/$1/src/index.ts',
};

const base = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper,
  setupFiles: ['reflect-metadata'],
  modulePathIgnorePatterns: ['<rootDir>/dist', '<rootDir>/.data'],
};

// Timeouts fit a busy two-core machine, not an idle one (PGlite's first open alone took 12 s
// there); hooks that open databases, processes or browsers say more themselves
// (libs/server/testing/src/timeouts.ts). The default is global: jest-circus reads `testTimeout`
// from the global config only, so a project's own `testTimeout` was silently ignored and every
// test without its own ran under jest's 5 s (a PostgreSQL test writing 360 rows failed that way
// on a loaded machine).
/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 60_000,
  projects: [
    {
      ...base,
      displayName: 'unit',
      testMatch: ['<rootDir>/{apps,libs}/**/src/**/*.spec.ts'],
    },
    {
      ...base,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs}/**/test/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/tools/test/global-setup.js',
      globalTeardown: '<rootDir>/tools/test/global-teardown.js',
    },
    {
      ...base,
      displayName: 'e2e',
      testMatch: ['<rootDir>/{apps,libs}/**/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/tools/test/global-setup.js',
      globalTeardown: '<rootDir>/tools/test/global-teardown.js',
    },
  ],
};
