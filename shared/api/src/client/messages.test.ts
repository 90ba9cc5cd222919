import { AxiosError, AxiosHeaders } from 'axios';
import { errorMessage, successMessage } from './messages';

function failed(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data,
  });
}

describe('toast texts', () => {
  it('when the server sends detail, then it is the failure text', () => {
    expect(errorMessage(failed(400, { detail: 'Email already registered' }), 'register')).toBe(
      'Email already registered',
    );
  });
  it('when detail is a list, then its messages are joined', () => {
    expect(errorMessage(failed(422, { detail: [{ msg: 'a' }, { msg: 'b' }] }), 'login')).toBe('a, b');
  });
  it('when there is no detail, then the action fallback is used', () => {
    expect(errorMessage(failed(500, {}), 'flatten')).toBe('Flatten update failed. Please try again.');
    expect(errorMessage(new Error('network'), 'history')).toBe('History data failed. Please try again.');
  });
  it('when the server sends a message, then it is the success text, else the default', () => {
    expect(successMessage({ message: 'Done!' }, 'Default')).toBe('Done!');
    expect(successMessage({}, 'Ratio updated successfully')).toBe('Ratio updated successfully');
  });
});
