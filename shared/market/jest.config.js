const { jestConfig } = require('@synctrade/config/jest-preset');

module.exports = jestConfig({ rootDir: __dirname, environment: 'node' });
