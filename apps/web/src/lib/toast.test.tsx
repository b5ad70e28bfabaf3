import { act, fireEvent, screen } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, failure } from '../test/fetch-mock';
import { post } from './request';
import { ERROR_TOAST_DURATION_MS, TOAST_DURATION_MS, showErrorToast, showLoadingToast, showToast } from './toast';

const toastText = () => document.querySelector('.adm-toast-main')?.textContent ?? null;

describe('toasts', () => {
  it('a message toast stays 1.2 s; an error toast at least 4 s', async () => {
    const show = vi.spyOn(Toast, 'show');
    showToast('Gespeichert');
    showErrorToast('Das Handelspasswort ist falsch');
    // antd-mobile's Toast is loaded with the first toast (lib/toast.tsx).
    await vi.waitFor(() => expect(show).toHaveBeenCalledTimes(2));
    expect(show.mock.calls[0]![0]).toMatchObject({ duration: TOAST_DURATION_MS });
    expect(TOAST_DURATION_MS).toBe(1200);
    expect(show.mock.calls[1]![0]).toMatchObject({ duration: ERROR_TOAST_DURATION_MS });
    expect(ERROR_TOAST_DURATION_MS).toBeGreaterThanOrEqual(4000);
  });

  it('an error toast is still there after 1.2 s and closes when tapped', async () => {
    act(() => showErrorToast('Netzwerkfehler'));
    await screen.findByText('Netzwerkfehler');
    await act(() => new Promise((resolve) => setTimeout(resolve, TOAST_DURATION_MS + 100)));
    expect(toastText()).toBe('Netzwerkfehler');
    fireEvent.click(screen.getByText('Netzwerkfehler'));
    await vi.waitFor(() => expect(toastText()).toBeNull());
  });

  it('a loading toast closed before antd-mobile arrived never shows', async () => {
    const show = vi.spyOn(Toast, 'show');
    const close = showLoadingToast('Wird geladen …');
    close();
    showToast('danach');
    await vi.waitFor(() => expect(show).toHaveBeenCalledTimes(1));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ duration: TOAST_DURATION_MS }));
  });

  it('the server’s refusal is shown as an error toast', async () => {
    mockFetch({ 'POST /api/thing': () => failure(400, 'VALIDATION_FAILED', 'Der Betrag ist ungültig') });
    const show = vi.spyOn(Toast, 'show');
    await post('/api/thing', { a: 1 }).catch(() => undefined);
    expect(await screen.findByText('Der Betrag ist ungültig')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ duration: ERROR_TOAST_DURATION_MS }));
  });
});
