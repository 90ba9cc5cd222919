import type React from 'react';
import { useState } from 'react';
import { Button } from '@synctrade/ui';
import { useAlertsStore } from '../store/alerts-store';

/** The VAPID key as the bytes `PushManager.subscribe()` takes. */
function keyBytes(base64url: string): ArrayBuffer {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes.buffer;
}

const PUSH_REFUSED = 'This browser did not allow push alerts';

/** Subscribes this browser to push (needs the service worker the app registers) and connects it. */
export function PushButton({ publicKey }: { publicKey: string }): React.JSX.Element | null {
  const addPush = useAlertsStore((state) => state.addPush);
  const busy = useAlertsStore((state) => state.busy.new ?? false);
  const [problem, setProblem] = useState<string | null>(null);
  if (
    typeof navigator === 'undefined' ||
    !('serviceWorker' in navigator) ||
    typeof PushManager === 'undefined'
  )
    return null;

  async function subscribe(): Promise<void> {
    setProblem(null);
    try {
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      const json = subscription.toJSON();
      await addPush({
        endpoint: json.endpoint ?? '',
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      });
    } catch {
      setProblem(PUSH_REFUSED);
    }
  }

  return (
    <div>
      <Button type="button" disabled={busy} onClick={() => void subscribe()}>
        Connect push on this device
      </Button>
      {problem && <p role="alert">{problem}</p>}
    </div>
  );
}
