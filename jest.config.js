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
  '^@mepedia/server-(config|database|http|identity|platform|queue|testing)$':
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

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/**/src/**/*.spec.ts'] },
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
