import { api } from '../../../lib/api-client';

type PushSupport = 'supported' | 'unsupported' | 'blocked';

/** Whether this browser can receive Web Push from Postloom now. */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window)) {
    return 'unsupported';
  }
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.permission === 'denied' ? 'blocked' : 'supported';
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const padded = `${value}${'='.repeat((4 - (value.length % 4)) % 4)}`.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks the browser for permission (only after the user switched a push toggle on), subscribes
 * with the server's VAPID key through the service worker, and hands the subscription to the
 * server. Resolves with what happened.
 */
export async function subscribeToPush(): Promise<PushSupport> {
  if (pushSupport() !== 'supported') return pushSupport();
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'blocked';
  const registration = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  const { publicKey } = await api<{ publicKey: string }>('/api/notifications/push/key');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(publicKey),
    }));
  await api('/api/notifications/push/subscriptions', { method: 'POST', json: subscription.toJSON() });
  return 'supported';
}

/**
 * A subscription lives as long as the session that registered it (signing out ends it). A browser
 * that already shows Postloom's push hands its subscription to the new session when the app
 * opens, so push keeps working after signing in again. Never asks for permission.
 */
export async function restorePushSubscription(): Promise<void> {
  if (pushSupport() !== 'supported' || Notification.permission !== 'granted') return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await api('/api/notifications/push/subscriptions', { method: 'POST', json: subscription.toJSON() });
}
