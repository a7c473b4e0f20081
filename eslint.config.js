// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import sealplan from './eslint/boundaries.js';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// Import boundaries (ARCHITECTURE.md): engine imports nothing of ours; contracts only the engine's types;
// web never db or server; server never web; features of the web app never import each other.
const zones = [
  {
    target: 'packages/engine',
    from: ['packages/contracts', 'packages/db', 'apps'],
    message: 'The engine is pure: no project imports.',
  },
  {
    target: 'packages/contracts',
    from: ['packages/db', 'apps'],
    message: 'Contracts may use only the engine.',
  },
  {
    target: 'packages/db',
    from: ['apps', 'packages/contracts'],
    message: 'The db package may use only the engine.',
  },
  {
    target: 'apps/web',
    from: ['packages/db', 'apps/server'],
    message: 'The web app never imports db or server code.',
  },
  { target: 'apps/server', from: ['apps/web'], message: 'The server never imports web code.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'e2e/test-results/**',
      'outbox/**',
      'packages/db/drizzle/**',
      'e2e/artifacts/**',
      'e2e/test-results/**',
      '**/*.d.ts',
      // Made by openapi-typescript (ADR 036); public-api.test.ts checks it against a fresh generation.
      'apps/server/src/modules/public-api/testing/public-api.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { sealplan },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'sealplan/boundaries': ['error', { zones }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'packages/db/src/**/*.ts'],
    ignores: ['**/cli/**', '**/*.test.ts', '**/testing/**'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['apps/web/src/features/*/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/*/**', '../../*/**'],
              message: 'Features do not import each other; compose them in app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  prettier,
);
