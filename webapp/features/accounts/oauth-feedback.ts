import {
  type OauthFeedback,
  POPUP_MESSAGE_TYPES,
  type PopupMessageType,
} from '../../../shared/accounts/account';

const KEY = 'oauth_feedback';

/** Spec 01 section 3: the result of a connection attempt, kept until the dashboard shows it. */
export function storeFeedback(feedback: OauthFeedback): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(feedback));
  } catch {
    // Storage may be unavailable (private mode): the toast is lost, the account is still connected.
  }
}

/** Reads and removes the stored feedback (so two listeners never show it twice). */
export function takeFeedback(): OauthFeedback | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    localStorage.removeItem(KEY);
    const value = JSON.parse(raw) as Partial<OauthFeedback>;
    if ((value.type === 'success' || value.type === 'error') && typeof value.message === 'string') {
      return { type: value.type, message: value.message };
    }
    return null;
  } catch {
    return null;
  }
}

interface PopupMessage {
  type: PopupMessageType;
  feedback?: { message?: string };
  error?: unknown;
}

/** Only same-origin messages of the four known types are accepted (spec 01 section 4). */
export function readPopupMessage(event: MessageEvent, origin = window.location.origin): PopupMessage | null {
  if (event.origin !== origin) return null;
  const data = event.data as Partial<PopupMessage> | null;
  if (!data || typeof data !== 'object' || typeof data.type !== 'string') return null;
  if (!(POPUP_MESSAGE_TYPES as readonly string[]).includes(data.type)) return null;
  return data as PopupMessage;
}
