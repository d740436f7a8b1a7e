import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { featureBoundaries } from './scripts/eslint/feature-boundaries.js';

const noHttpBelowRoutes = {
  group: ['**/http/*', '**/routes/*', 'fastify', '@fastify/*'],
  message: 'Below the routes, raise an AppError (src/errors.ts); HTTP stays in routes/ and http/.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // With verbatimModuleSyntax, `import { type X }` keeps a side-effect import of the module.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    // Business rules, documents and data know nothing of HTTP: only routes/ and http/ speak it, and
    // http/errors.ts alone turns an AppError's kind into a status (decision 019).
    files: [
      'apps/server/src/services/**/*.ts',
      'apps/server/src/engine/**/*.ts',
      'apps/server/src/jobs/**/*.ts',
      'apps/server/src/db/**/*.ts',
      'apps/server/src/adapters/**/*.ts',
      // The services phase of buildApp: a plain object graph a test builds without a server.
      'apps/server/src/composition/services.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [noHttpBelowRoutes] }] },
  },
  {
    // The engine and adapters run in the extraction and page-reading processes and the build's worker thread,
    // started per upload and per build: the shared entry's zod schemas would add 0.16 s to each start.
    files: ['apps/server/src/engine/**/*.ts', 'apps/server/src/adapters/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@vuxo/shared', message: 'Import a zod-free subpath: @vuxo/shared/limits, …' }],
          patterns: [noHttpBelowRoutes],
        },
      ],
    },
  },
  {
    // A web feature uses another only through its public entry (features/<name>/index.ts).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { vuxo: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'vuxo/feature-boundaries': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The shared package's entry loads zod: pages import the zod-free subpaths, and schemas only where they parse.
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@vuxo/shared', message: 'Import a subpath: @vuxo/shared/limits, …/schemas, …' }],
          patterns: [
            { group: ['@vuxo/shared/*/**'], message: 'Import @vuxo/shared/<module> only.' },
            { group: ['**/packages/shared/**'], message: 'Import @vuxo/shared/<module>, not its files.' },
          ],
        },
      ],
    },
  },
);
