const { jestConfig } = require('@synctrade/config/jest-preset');

module.exports = {
  ...jestConfig({ rootDir: __dirname }),
  moduleNameMapper: {
    // Component tests swap the federation runtime for a test double; the browser tests use the real one.
    '^@module-federation/enhanced/runtime$': '<rootDir>/src/features/federation/support/runtime-double.ts',
  },
};
