// One lint configuration for the workspace (flat config).
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');
const { ROUTER_EXPORTS } = require('./shared/config/sharing/router-exports');

// A package's public face is its entry: no reaching into another package's files.
const packageBoundaries = [
  {
    group: ['**/shared/*/src/**', '@synctrade/*/src/**'],
    message: 'Import a shared package by its name.',
  },
  { group: ['**/remote-*/**', '../../host/**'], message: 'A package never imports another app.' },
];

// The shared router singletons carry only these exports (shared/config/sharing/router-exports.js).
const routerImports = ['react-router', 'react-router-dom'].map((name) => ({
  name,
  allowImportNames: ROUTER_EXPORTS,
  message: 'The shared router provides only the exports listed in shared/config/sharing/router-exports.js.',
}));

// Tests run outside federation, on the whole router package (MemoryRouter and the like).
// Test helper folders are named `support` (CONTRIBUTING.md); `shared/test-utils` is the package of the shared ones.
const TEST_FILES = [
  '**/*.test.{ts,tsx}',
  '**/test/**/*.ts',
  '**/support/**/*.ts',
  'shared/test-utils/**/*.{ts,tsx}',
];

module.exports = tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/data/**', '.deploy/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: routerImports, patterns: packageBoundaries }],
    },
  },
  // Layers of the server: the copy engine and the broker adapters know nothing of HTTP or of SQL. A broker may
  // take the `Db` port by type (the paper ledger and Tradovate's client order ids are stored through it).
  {
    files: ['server/src/copier/engine/**/*.ts', 'server/src/brokers/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/*', '**/http'],
              message: 'The engine and the broker adapters never import HTTP.',
            },
            {
              group: ['**/db/*', '**/db'],
              allowTypeImports: true,
              message:
                'The engine and the broker adapters never run SQL themselves: take the Db port by type.',
            },
          ],
        },
      ],
    },
  },
  {
    files: TEST_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: packageBoundaries }] },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node }, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module' },
  },
  {
    files: [...TEST_FILES, 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
