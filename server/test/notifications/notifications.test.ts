import type { NotificationList } from '@synctrade/api/types';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';

describe('notifications', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await registerUser(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async () =>
    (
      await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: user.headers })
    ).json() as NotificationList;
  const put = (url: string) => t.app.inject({ method: 'PUT', url: `/api/v1${url}`, headers: user.headers });

  it('when notifications exist, then they are listed newest first with the unread count', async () => {
    await t.app.notify(user.id, { kind: 'copy_failed', title: 'First', message: 'one' });
    await t.app.notify(user.id, { kind: 'risk_stop', title: 'Second', message: 'two' });
    const body = await list();
    expect(body.unread).toBe(2);
    expect(body.notifications.map((n) => n.title)).toEqual(['Second', 'First']);
    expect(body.notifications[0]).toEqual({
      id: expect.any(Number),
      kind: 'risk_stop',
      title: 'Second',
      message: 'two',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      read: false,
      account_id: null,
    });
  });

  it('when one is marked read, then the count drops; read-all clears the rest', async () => {
    const [first] = (await list()).notifications;
    expect((await put(`/notifications/${first?.id}/read`)).json()).toEqual({
      message: 'Notification marked as read',
    });
    expect((await list()).unread).toBe(1);
    expect((await put('/notifications/read-all')).json()).toEqual({
      message: 'All notifications marked as read',
    });
    expect((await list()).unread).toBe(0);
  });

  it.each(['abc', '-1', '0', '999999'])('when the id is %s, then 404', async (id) => {
    const response = await put(`/notifications/${id}/read`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Notification not found' });
  });

  it('when not signed in, then 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/notifications' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/notifications/read-all' })).statusCode).toBe(
      401,
    );
  });
});
