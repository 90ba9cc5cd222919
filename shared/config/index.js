module.exports = {
  ...require('./jest-preset'),
  ...require('./federation'),
};
