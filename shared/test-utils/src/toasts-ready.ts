import { preloadToasts } from '@synctrade/ui';

// Component tests run with the toast library already loaded, like a page after its first toast: a toast then
// shows in the same tick as the action that raised it, which is what their assertions check. Loading it on
// the first toast is tested in @synctrade/ui.
beforeAll(() => preloadToasts());
