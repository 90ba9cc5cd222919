// Date formats are tested in local time: one zone for every machine.
process.env.TZ = 'UTC';
const { jestConfig } = require('@synctrade/config/jest-preset');

module.exports = jestConfig({ rootDir: __dirname });
