/** How long a message toast stays (product spec §8). */
export const TOAST_DURATION_MS = 1200;

/** How long an error toast stays unless tapped: long enough to read a sentence in any language. */
export const ERROR_TOAST_DURATION_MS = 5000;

/**
 * antd-mobile's Toast with its set-up, loaded on the first toast: with its mask and animation library it
 * is larger than the login screen, which shows no toast until the investor submits (docs/performance.md,
 * "First screen"). Later toasts find it loaded.
 */
const loadToast = () => import('./toast-widget').then((module) => module.Toast);

/** Shows a short message; screen readers announce it through the alert role. */
export function showToast(message: string): void {
  void loadToast().then((Toast) => {
    Toast.show({ content: <span role="alert">{message}</span>, duration: TOAST_DURATION_MS });
  });
}

/**
 * Shows what went wrong: it stays for ERROR_TOAST_DURATION_MS, or until tapped, and the rest of the
 * screen stays usable meanwhile.
 */
export function showErrorToast(message: string): void {
  void loadToast().then((Toast) => {
    const handler = Toast.show({
      content: (
        <span role="alert" className="toast-error" onClick={() => handler.close()}>
          {message}
        </span>
      ),
      duration: ERROR_TOAST_DURATION_MS,
    });
  });
}

/** Shows a loading toast that stays until the returned function closes it (also before it showed). */
export function showLoadingToast(message: string): () => void {
  let closed = false;
  let close = () => {
    closed = true;
  };
  void loadToast().then((Toast) => {
    if (closed) return;
    const handler = Toast.show({
      icon: 'loading',
      content: <span role="status">{message}</span>,
      duration: 0,
      maskClickable: false,
    });
    close = () => handler.close();
  });
  return () => close();
}
