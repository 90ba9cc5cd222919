import { MAX_BYTES_PER_DAY, MAX_UPLOADS_PER_HOUR } from '../../src/profile/photo-quota';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';

const BOUNDARY = '----synctrade-photo-limits';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(256, 7),
]);

function photoBody(data: Buffer, complete = true): Buffer {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return Buffer.concat([head, data, complete ? Buffer.from(`\r\n--${BOUNDARY}--\r\n`) : Buffer.alloc(0)]);
}

describe('photo uploads: truncated bodies, rate limit and quota', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const upload = (user: TestUser, payload: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/profile/photo',
      payload,
      headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });

  it('when the upload is cut short (no closing boundary), then 400 with a detail', async () => {
    const user = await registerUser(t.app);
    const response = await upload(user, photoBody(PNG, false));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The photo upload was incomplete, please try again' });
  });

  it(`when a user uploads more than ${MAX_UPLOADS_PER_HOUR} photos in an hour, then 429 with Retry-After`, async () => {
    const user = await registerUser(t.app);
    for (let index = 0; index < MAX_UPLOADS_PER_HOUR; index += 1)
      expect((await upload(user, photoBody(PNG))).statusCode).toBe(200);
    const refused = await upload(user, photoBody(PNG));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      detail: `At most ${MAX_UPLOADS_PER_HOUR} photo uploads per hour, please try again later`,
    });
    // Another user is not affected.
    expect((await upload(await registerUser(t.app), photoBody(PNG))).statusCode).toBe(200);
  });

  it('when a user has uploaded the day’s bytes, then the next photo is refused and nothing is stored', async () => {
    const user = await registerUser(t.app);
    await t.db.query('INSERT INTO photo_uploads (user_id, bytes) VALUES ($1, $2)', [
      user.id,
      MAX_BYTES_PER_DAY - 100,
    ]);
    const refused = await upload(user, photoBody(PNG));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: 'You have uploaded too many photo bytes today, please try again tomorrow',
    });
    const stored = await t.db.query('SELECT id FROM profile_photos WHERE user_id = $1', [user.id]);
    expect(stored).toEqual([]);
  });
});
