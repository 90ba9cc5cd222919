/**
 * `@synctrade/api/schemas/check`: checks a JSON answer against the route schemas (Ajv), for the server in
 * tests and for every component-test request handler and fixture. Test-time only: it loads Ajv.
 */
export { checkAnswer, checkValue, AnswerMismatchError } from './check-answer';
