const path = require('node:path');
const { jestConfig } = require('@synctrade/config/jest-preset');

module.exports = {
  ...jestConfig({ rootDir: __dirname, setupFiles: [path.join(__dirname, 'jest.setup.js')] }),
  testTimeout: 20_000,
};
