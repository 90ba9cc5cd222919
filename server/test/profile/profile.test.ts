import { VALIDATION } from '@synctrade/api/messages';
import type { Profile } from '@synctrade/api/types';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

function multipart(
  field: string,
  filename: string,
  type: string,
  data: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----synctrade-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('profile', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await registerUser(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (field: string, filename: string, type: string, data: Buffer) => {
    const body = multipart(field, filename, type, data);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/profile/photo',
      payload: body.payload,
      headers: { ...user.headers, ...body.headers },
    });
  };

  it('when a new user reads the profile, then every field is there and empty', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/profile',
      headers: user.headers,
    });
    expect(response.json()).toEqual({
      id: user.id,
      username: '',
      email: user.email,
      first_name: '',
      last_name: '',
      bio: '',
      photo_url: null,
      two_factor_enabled: false,
    });
  });

  it('when the profile is updated, then the updated profile comes back and the e-mail cannot change', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/profile',
      headers: user.headers,
      payload: {
        username: 'trader1',
        first_name: 'Ada',
        last_name: 'Lovelace',
        bio: 'Futures',
        email: 'hijack@example.com',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      username: 'trader1',
      first_name: 'Ada',
      last_name: 'Lovelace',
      bio: 'Futures',
      email: user.email,
    });
  });

  it('when only some fields are sent, then the others keep their values', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/profile',
      headers: user.headers,
      payload: { bio: 'Only bio' },
    });
    expect(response.json()).toMatchObject({ username: 'trader1', first_name: 'Ada', bio: 'Only bio' });
  });

  it('when the body is a JSON string, then nothing changes and no 500', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/profile',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '"hello"',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'trader1' });
  });

  it('when the bio is longer than 160 characters, then 400 with the form message', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/profile',
      headers: user.headers,
      payload: { bio: 'x'.repeat(161) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: VALIDATION.bioMax });
  });

  it('when a PNG is uploaded, then photo_url serves the same bytes publicly, and a new upload gets a new address', async () => {
    const response = await upload('photo', 'me.png', 'image/png', PNG);
    expect(response.statusCode).toBe(200);
    const profile = response.json() as Profile;
    expect(profile.photo_url).toMatch(/^\/api\/v1\/photos\/[A-Za-z0-9_-]{22}$/);
    const photo = await t.app.inject({ method: 'GET', url: profile.photo_url ?? '' });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(PNG)).toBe(true);
    const second = (await upload('photo', 'me.jpg', 'image/jpeg', JPEG)).json() as Profile;
    expect(second.photo_url).not.toBe(profile.photo_url);
    expect((await t.app.inject({ method: 'GET', url: profile.photo_url ?? '' })).statusCode).toBe(404);
  });

  it.each([
    ['a GIF name', 'me.gif', 'image/gif', PNG, VALIDATION.photoType],
    [
      'PNG name but text content',
      'me.png',
      'image/png',
      Buffer.from('hello world, not an image'),
      VALIDATION.photoType,
    ],
    ['an empty file', 'me.png', 'image/png', Buffer.alloc(0), 'Photo is required'],
  ])('when the upload is %s, then 400', async (_label, name, type, data, detail) => {
    const response = await upload('photo', name, type, data);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  });

  it('when the file is larger than 20 MB, then 413 with the form message', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024 + 10)]);
    const response = await upload('photo', 'big.png', 'image/png', big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: VALIDATION.photoSize });
  });

  it('when the body is not multipart or the field is wrong, then 400', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/profile/photo',
      headers: user.headers,
      payload: { photo: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect((await upload('avatar', 'me.png', 'image/png', PNG)).json()).toEqual({
      detail: 'Photo is required',
    });
  });

  it('when a photo id is unknown or malformed, then 404', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/photos/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/photos/..%2F..' })).statusCode).toBe(404);
  });

  it('when not signed in, then profile routes answer 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/profile' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/auth/profile', payload: {} })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/profile/photo' })).statusCode).toBe(401);
  });
});
