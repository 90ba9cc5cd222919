/** A structurally valid (unsigned) JWT with a `user_id` claim, stored as the signed-in user's token. */
export function fakeToken(userId = 1): string {
  const encode = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ user_id: userId, exp: 4_102_444_800 })}.signature`;
}

export function signIn(userId = 1): string {
  const token = fakeToken(userId);
  window.localStorage.setItem('access_token', token);
  return token;
}
