import type { FakeContext } from './context';

const escape = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Tradovate's consent page, reduced to what a browser test needs: pick a user, Approve or Deny. No script. */
export function authorizePage(ctx: FakeContext, query: URLSearchParams): { status: number; html: string } {
  const redirectUri = query.get('redirect_uri') ?? '';
  const clientId = query.get('client_id') ?? '';
  if (query.get('response_type') !== 'code' || !/^https?:\/\//.test(redirectUri)) {
    return {
      status: 400,
      html: page(
        'Invalid request',
        '<p role="alert">response_type=code and an http(s) redirect_uri are required.</p>',
      ),
    };
  }
  if (ctx.clientId && clientId !== ctx.clientId)
    return { status: 400, html: page('Unknown application', '<p role="alert">Unknown client_id.</p>') };
  const hidden = ['redirect_uri', 'state', 'client_id']
    .map((name) => `<input type="hidden" name="${name}" value="${escape(query.get(name) ?? '')}">`)
    .join('');
  const options = [...ctx.venue.users.values()]
    .map((user) => `<option value="${user.id}">${escape(user.fullName)} (${escape(user.email)})</option>`)
    .join('');
  const body = `<p>SyncTrade would like to trade on your Tradovate accounts.</p>
<form method="post" action="/oauth/approve">${hidden}
<label for="user">Sign in as</label> <select id="user" name="userId">${options}</select>
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`;
  return { status: 200, html: page('Authorize SyncTrade', body) };
}

/** The form's answer: back to the application with `code` (or `error`) and the untouched `state`. */
export function approve(
  ctx: FakeContext,
  form: URLSearchParams,
): { status: number; location?: string; html?: string } {
  const redirectUri = form.get('redirect_uri') ?? '';
  let target: URL;
  try {
    target = new URL(redirectUri);
  } catch {
    return { status: 400, html: page('Invalid request', '<p role="alert">Bad redirect_uri.</p>') };
  }
  const state = form.get('state');
  if (state) target.searchParams.set('state', state);
  const userId = Number(form.get('userId'));
  if (form.get('decision') === 'deny' || !ctx.venue.users.has(userId)) {
    target.searchParams.set('error', 'access_denied');
    return { status: 302, location: target.toString() };
  }
  target.searchParams.set(
    'code',
    ctx.tokens.newCode({ userId, redirectUri, clientId: form.get('client_id') ?? '' }),
  );
  return { status: 302, location: target.toString() };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} · Tradovate (fake)</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}
