import {
  type SocialPopupMessage,
  type SocialProviderName,
  socialPopupMessageSchema,
} from '@pinpoint/contracts';

export class PopupBlockedError extends Error {}

/**
 * Opens the provider's sign-in in a popup and waits for its report. Only a message from
 * that popup, on our own origin, in the expected shape, is accepted. Resolves null when
 * the user closes the popup first.
 */
export function signInWithPopup(provider: SocialProviderName): Promise<SocialPopupMessage | null> {
  const popup = window.open(
    `/api/auth/social/${provider}/start`,
    `pinpoint-${provider}-sign-in`,
    'popup,width=520,height=680',
  );
  if (!popup) return Promise.reject(new PopupBlockedError());
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: SocialPopupMessage | null) => {
      if (done) return;
      done = true;
      window.removeEventListener('message', onMessage);
      window.clearInterval(closedWatch);
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const parsed = socialPopupMessageSchema.safeParse(event.data);
      if (!parsed.success || parsed.data.provider !== provider) return;
      popup.close();
      finish(parsed.data);
    };
    window.addEventListener('message', onMessage);
    // A closed popup may still have a message in flight (it runs in another process):
    // give it a moment before concluding the user closed it.
    const closedWatch = window.setInterval(() => {
      if (popup.closed) window.setTimeout(() => finish(null), 1000);
    }, 400);
  });
}
