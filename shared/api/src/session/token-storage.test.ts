import { fakeToken } from '@synctrade/test-utils';
import { currentUserId } from './token-storage';

function storeToken(token: string): void {
  window.localStorage.setItem('access_token', token);
}

/** base64url of UTF-8 JSON, as a server signs it. */
function part(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('the signed-in user', () => {
  it('when a token is stored, then its user_id claim is the current user', () => {
    storeToken(fakeToken(42));
    expect(currentUserId()).toBe(42);
  });

  it('when the claims hold text outside ASCII and need no padding, then they still read', () => {
    storeToken(`${part({ alg: 'HS256' })}.${part({ user_id: 7, name: 'Zoë Çelik ✓' })}.sig`);
    expect(currentUserId()).toBe(7);
  });

  it('when there is no token or it is not a JSON Web Token, then there is no user', () => {
    expect(currentUserId()).toBeNull();
    storeToken('not-a-token');
    expect(currentUserId()).toBeNull();
    storeToken(`${part({})}.%%%.sig`);
    expect(currentUserId()).toBeNull();
    storeToken(`${part({})}.${part({ user_id: 'abc' })}.sig`);
    expect(currentUserId()).toBeNull();
  });
});
