import { Toast } from 'antd-mobile';

/** How long a message toast stays (product spec §8). */
export const TOAST_DURATION_MS = 1200;

/** Shows a short message; screen readers announce it through the alert role. */
export function showToast(message: string): void {
  Toast.show({ content: <span role="alert">{message}</span>, duration: TOAST_DURATION_MS });
}

/** Shows a loading toast that stays until the returned function closes it. */
export function showLoadingToast(message: string): () => void {
  const handler = Toast.show({
    icon: 'loading',
    content: <span role="status">{message}</span>,
    duration: 0,
    maskClickable: false,
  });
  return () => handler.close();
}
