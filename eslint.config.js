// One lint configuration for the workspace (flat config).
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');
const importX = require('eslint-plugin-import-x');
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
// The fake brokers (`server/fakes`) are test tools too: tests, benches and browser tests start them.
const TEST_FILES = [
  '**/*.test.{ts,tsx}',
  '**/test/**/*.ts',
  '**/support/**/*.ts',
  'shared/test-utils/**/*.{ts,tsx}',
  'server/fakes/**/*.ts',
];

module.exports = tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/data/**', '.deploy/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  // The shell's service worker runs in the worker scope, not in a page.
  { files: ['host/public/sw.js'], languageOptions: { globals: globals.serviceworker } },
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
  // The server's shape, kept by lint: no import cycles, and zones that say who may import whom. The copy engine
  // knows only the broker port; adapters know no copier, prop-firm or cluster code; the database layer knows no
  // feature (owners register their own pruning); prop-firm code reaches brokers only through the port; cluster
  // code is reached only by app.ts (everything else asks the placement port), and reaches the copier by its ports;
  // routes/ (one folder per URL prefix) imports features, no feature imports routes/, and app.ts only its index.
  {
    files: ['server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: __dirname,
          zones: [
            {
              target: 'server/src/copier/engine',
              from: 'server/src',
              except: ['./copier/engine', './brokers/types.ts', './runtime'],
              message: 'The copy engine knows only its own files, the broker port and the runtime helpers.',
            },
            {
              target: 'server/src/brokers',
              from: [
                'server/src/copier',
                'server/src/propfirm',
                'server/src/cluster',
                'server/src/connections',
                'server/src/auth',
              ],
              message: 'A broker adapter knows no copier, prop-firm, cluster, connection or sign-in code.',
            },
            {
              target: 'server/src/db',
              from: 'server/src',
              except: ['./db', './config', './runtime'],
              message: 'The database layer knows no feature: an owner registers its own tables and pruning.',
            },
            {
              target: 'server/src',
              from: 'server/fakes',
              message: 'The fake brokers are test tools: the server never imports them (nor bundles them).',
            },
            {
              target: 'server/src/propfirm',
              from: [
                'server/src/copier/engine',
                'server/src/cluster',
                'server/src/brokers/paper',
                'server/src/brokers/tradovate',
                'server/src/brokers/projectx',
              ],
              message: 'Prop-firm code reaches the engine and brokers only through their ports.',
            },
            {
              target: ['server/src/!(cluster)/**', 'server/src/!(app).ts'],
              from: 'server/src/cluster',
              message:
                'Cluster mode is plugged in, not threaded through: only app.ts picks it; the rest asks app.placement.',
            },
            {
              target: ['server/src/!(routes)/**', 'server/src/!(app).ts'],
              from: 'server/src/routes',
              message:
                'Routes depend on features, never the reverse: a feature folder does not import from routes/ (only app.ts registers routes/index.ts).',
            },
            {
              target: 'server/src/app.ts',
              from: 'server/src/routes',
              except: ['./index.ts'],
              message: 'app.ts registers every route through routes/index.ts alone.',
            },
            {
              target: 'server/src/cluster',
              from: 'server/src/brokers/paper',
              except: ['./ledger-store.ts'],
              message:
                'Cluster code builds no paper broker object: app.ts passes them (cluster/cluster-paper.ts); only the ledger fence types are imported.',
            },
            {
              target: 'server/src/placement',
              from: 'server/src/cluster',
              message: 'The placement port and its single-node implementation know nothing of the cluster.',
            },
            {
              target: ['server/src/cluster', 'server/src/placement'],
              from: 'server/src/copier',
              except: ['./engine/ports.ts', './store/store-fence.ts'],
              message:
                'Placement reaches the copier only through its ports: the engine ports and the store fence.',
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
  // A fake is written from the vendor's published documents, never from the adapter it checks: were it to borrow
  // the adapter's code, it would agree with the adapter's mistakes.
  {
    files: ['server/fakes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...packageBoundaries,
            {
              group: ['**/src/**', '**/src'],
              message: 'A fake imports nothing of the server it stands against.',
            },
          ],
        },
      ],
    },
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
  // One owner per table: only the owner's files write it (or, for the copier's order rows, name it in SQL at all);
  // any other code calls the owner's functions.
  ...tableOwners([
    {
      files: ['server/src/connections/accounts-repo.ts'],
      pattern: '(INSERT INTO|UPDATE|DELETE FROM)\\s+broker_accounts',
      message:
        'Only server/src/connections/accounts-repo.ts writes broker_accounts: call one of its functions.',
    },
    {
      files: [
        'server/src/copier/repo/**/*.ts',
        'server/src/copier/store/**/*.ts',
        'server/src/copier/history/**/*.ts',
        // Copy quality only reads them (its SQL is SELECTs over the engine's rows).
        'server/src/quality/**/*.ts',
      ],
      pattern: '\\bcopy_(orders|fills)\\b',
      message:
        "copy_orders and copy_fills belong to the copier: only its repo, store and history files name them in SQL (a venue's rows reach them through copier/store/venue-backfill.ts).",
    },
  ]),
);

/**
 * Lint blocks for tables with one owner each: a file is held to every rule but its own table's (flat config keeps
 * only the last `no-restricted-syntax` of a file, so each class of file gets one block with all its rules).
 */
function tableOwners(owners) {
  const restrictions = (owner) =>
    ['Literal[value=/PATTERN/i]', 'TemplateElement[value.raw=/PATTERN/i]'].map((selector) => ({
      selector: selector.replace('PATTERN', owner.pattern),
      message: owner.message,
    }));
  const rule = (kept) => ({ 'no-restricted-syntax': ['error', ...kept.flatMap(restrictions)] });
  return [
    {
      files: ['server/src/**/*.ts'],
      ignores: [...owners.flatMap((owner) => owner.files), 'server/src/db/migrations/**'],
      rules: rule(owners),
    },
    ...owners.map((owner) => ({
      files: owner.files,
      rules: rule(owners.filter((other) => other !== owner)),
    })),
  ];
}
