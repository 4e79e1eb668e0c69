// @ts-check
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { serviceNames } from './tools/services.mjs';

// The apps standalone composes: every service of the registry (libs/contracts/src/services.json),
// the gateway and the worker.
const composedApps = ['gateway', 'worker', ...serviceNames].join('|');

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      'coverage/**',
      '.nx/**',
      '**/migrations/**',
      '**/.react-router/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // Type information from four programs: the servers, libraries and tools (tsconfig.json), the
      // web app and its two libraries, which between them hold every TypeScript file. Not the
      // project service: it opens a program for each project's own tsconfig.json, each with its
      // own copy of every library that project imports: 25 for the whole repository, 7.7 GB at
      // the peak, against 2.3 GB with these four. A TypeScript file outside the four fails lint
      // ("not found in any of the provided project(s)").
      parserOptions: {
        project: ['./tsconfig.json', './apps/web/tsconfig.json', './libs/web/*/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { '@nx': nx, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      // Interface implementations (in-memory drivers) return promises without awaiting.
      '@typescript-eslint/require-await': 'off',
      // Nest resolves constructor parameters by their runtime types: classes injected by type
      // must stay value imports even when only used as types.
      '@typescript-eslint/no-extraneous-class': 'off',
      'import-x/no-cycle': 'error',
      'import-x/no-duplicates': 'error',
      // The project graph's tags (project.json) decide who may import whom:
      //   type:app       imports libraries only, never another app;
      //   type:lib       imports libraries only, never an app;
      //   scope:shared   (contracts) imports only shared code;
      //   scope:backend  (server libraries and apps) imports shared and backend code;
      //   scope:web      (the site and its libraries) imports shared and web code, never a
      //                  server library nor a server-only package.
      // A library with a build target imports only libraries that have one too (its compiled
      // output requires theirs from dist/). Another project is imported through its @mepedia/*
      // alias in tsconfig.base.json, never by a relative path.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          checkDynamicDependenciesExceptions: [],
          allow: [],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            {
              sourceTag: 'scope:backend',
              onlyDependOnLibsWithTags: ['scope:shared', 'scope:backend'],
            },
            {
              sourceTag: 'scope:web',
              onlyDependOnLibsWithTags: ['scope:shared', 'scope:web'],
              bannedExternalImports: [
                '@nestjs/*',
                'fastify',
                '@fastify/*',
                'pg',
                'drizzle-orm',
                'drizzle-orm/*',
                'bullmq',
                'ioredis',
                '@electric-sql/pglite',
                '@node-rs/*',
                'nodemailer',
              ],
            },
          ],
        },
      ],
    },
  },
  {
    // The one exception to "apps never import apps", by design: apps/standalone (tag
    // role:composition-root) boots every app in one process, so it and its tests may import each
    // composed app's definition and factory (<app>/src/<name>.app) and configuration loader
    // (.config or .options), and the web host. Every other import of standalone is checked like
    // any app's.
    files: ['apps/standalone/src/**/*.ts', 'apps/standalone/test/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          checkDynamicDependenciesExceptions: [],
          allow: [
            `^\\.\\./\\.\\./(${composedApps})/src/[a-z-]+\\.(app|config|options)$`,
            '^\\.\\./\\.\\./web/server/web-host$',
          ],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            {
              sourceTag: 'scope:backend',
              onlyDependOnLibsWithTags: ['scope:shared', 'scope:backend'],
            },
          ],
        },
      ],
    },
  },
  {
    // The browser tests read the weekly question's email as its member would, and an email's
    // signed link cannot be waited for (it goes at the member's hour): they sign one with the
    // notifications service's own signer and development secret (weekly-question.links: Node's
    // crypto and the contracts only), never a copy of them. Every other import of the e2e files
    // is checked as the web app's.
    files: ['apps/web/e2e/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          checkDynamicDependenciesExceptions: [],
          allow: ['^\\.\\./\\.\\./notifications/src/weekly-question\\.links$'],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:shared', 'scope:web'] },
          ],
        },
      ],
    },
  },
  {
    // React Router's idiom: loaders throw redirect() and data() responses.
    files: ['apps/web/app/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Jest's config and global setup are CommonJS.
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.spec.ts', '**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  prettier,
);
