/**
 * One jest preset for every package: SWC transpiles TypeScript (type checking is `tsc --noEmit`'s job),
 * workspace packages are compiled from source, and unhandled requests fail the test.
 */
const path = require('node:path');

const swc = [
  require.resolve('@swc/jest'),
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** @param {{ environment?: 'jsdom' | 'node', rootDir: string, setupFiles?: string[] }} options */
function jestConfig({ environment = 'jsdom', rootDir, setupFiles = [] }) {
  return {
    rootDir,
    testEnvironment: environment,
    transform: { '^.+\\.(t|j)sx?$': swc },
    // Workspace packages ship TypeScript source and must be transpiled too; pnpm paths hold `.pnpm`.
    transformIgnorePatterns: ['/node_modules/\\.pnpm/(?!(@synctrade|jwt-decode)).*'],
    moduleNameMapper: {
      '\\.(css|less)$': path.join(__dirname, 'jest/style-stub.js'),
      '\\.(png|jpe?g|gif|svg|webp|avif)$': path.join(__dirname, 'jest/file-stub.js'),
    },
    setupFilesAfterEnv:
      environment === 'jsdom' ? [path.join(__dirname, 'jest/setup-dom.js'), ...setupFiles] : setupFiles,
    testMatch: ['<rootDir>/src/**/*.test.(ts|tsx)', '<rootDir>/test/**/*.test.(ts|tsx)'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    clearMocks: true,
    restoreMocks: true,
  };
}

module.exports = { jestConfig };
