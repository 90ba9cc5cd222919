import { safeRedirectTarget } from './use-redirect-target';

describe('safeRedirectTarget', () => {
  it.each([
    [null, '/dashboard'],
    ['', '/dashboard'],
    ['/syncdesk', '/syncdesk'],
    ['/trade-history/daily?start=2026-01-01', '/trade-history/daily?start=2026-01-01'],
    ['/connections/4?tab=accounts#top', '/connections/4?tab=accounts#top'],
    ['//evil.test/path', '/dashboard'],
    ['/\\evil.test', '/dashboard'],
    ['https://evil.test/', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    ['dashboard', '/dashboard'],
    ['/login?from=/x', '/dashboard'],
    ['/.//evil.example', '/dashboard'],
    ['/./\\evil.example', '/dashboard'],
    ['/a/..//evil.example', '/dashboard'],
    ['/%2e//evil.example', '/dashboard'],
    ['/./syncdesk', '/syncdesk'],
  ])('when from is %p, then the target is %p', (from, target) => {
    expect(safeRedirectTarget(from)).toBe(target);
  });
});
