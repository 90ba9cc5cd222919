const path = require('node:path');
const { jestConfig } = require('@synctrade/config/jest-preset');

const base = jestConfig({ rootDir: __dirname });

// The tests use the shared test helpers, which depend on this package: they are reached by path rather than as a
// dependency, so the workspace has no cycle between shared/api and shared/test-utils.
module.exports = {
  ...base,
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^@synctrade/test-utils$': path.join(__dirname, '../test-utils/src/index.ts'),
  },
};
