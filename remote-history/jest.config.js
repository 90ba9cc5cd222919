// Day grouping and time formatting use the browser's zone: tests pin one so dates are deterministic.
process.env.TZ = 'UTC';
const { jestConfig } = require('@synctrade/config/jest-preset');

module.exports = jestConfig({ rootDir: __dirname });
