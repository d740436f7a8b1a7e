import { SIGNED_IN_HINT_KEY } from '@vuxo/shared/storage-keys';

/**
 * Whether a user may be signed in on this device. Every sign-in happens here and sets it, so without it the
 * site can show the signed-out top bar at once, without loading the sign-in SDK.
 */
export function maybeSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT_KEY) === '1';
  } catch {
    return true;
  }
}

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // Storage refused (private mode): the SDK is then loaded on every page, as maybeSignedIn says.
  }
}
