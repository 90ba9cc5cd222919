const { jestConfig } = require('@synctrade/config/jest-preset');

const base = jestConfig({
  rootDir: __dirname,
  environment: 'node',
  setupFiles: ['<rootDir>/test/support/property-seed.ts'],
});

module.exports = {
  ...base,
  // ESM-only dependencies of the server stack (light-my-request needs `cookie` 2) are transpiled to CommonJS.
  transformIgnorePatterns: [
    '/node_modules/\\.pnpm/(?!(@synctrade|jwt-decode|cookie@2|content-disposition@3)).*',
  ],
  testTimeout: 30_000,
};
