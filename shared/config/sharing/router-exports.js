/**
 * What the product uses of React Router, the one list both for the shared router singletons' contents and for
 * the lint rule that keeps every app inside it (docs/adr/0005). React Router 7 is one 60 KB (gzip) module
 * with its data routers, server rendering and RSC support; a federation singleton is normally shipped whole,
 * because the host cannot know what a remote will ask of it. The product routes with <BrowserRouter> and
 * <Routes> only, so the shared router carries the exports the apps use and nothing else (about 14 KB gzip).
 * Tests are not federated: they import the whole package (e.g. MemoryRouter), and the lint rule lets them.
 *
 * A new export here needs a host release before a remote that uses it is deployed, like a new singleton.
 */
const ROUTER_EXPORTS = [
  'BrowserRouter',
  'Routes',
  'Route',
  'Navigate',
  'Outlet',
  'Link',
  'NavLink',
  'useNavigate',
  'useLocation',
  'useParams',
  'useSearchParams',
];

/** Shared package → the only exports its shared module provides. */
const SHARED_EXPORT_LISTS = {
  'react-router': ROUTER_EXPORTS,
  'react-router-dom': ROUTER_EXPORTS,
};

module.exports = { ROUTER_EXPORTS, SHARED_EXPORT_LISTS };
