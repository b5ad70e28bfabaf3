import { useEffect, useRef } from 'react';
import { streamEventMessage } from '@bourse/shared/schemas/market';
import { currentLanguage } from './i18n.ts';
import { getToken } from './session.ts';

/** One event of an operator topic (`support-inbox`): its name and data as the server sent them. */
export interface OperatorStreamEvent {
  event: string;
  data: unknown;
}

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/** ws(s)://<this host>/api/stream, in the console's language (for the server's error texts). */
function streamUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/api/stream?lang=${encodeURIComponent(currentLanguage())}`;
}

/**
 * Listens to an operator topic of the live stream while mounted: the socket signs in with the
 * console session (`operator-auth`, never an investor's `auth`), subscribes, and reconnects with
 * back-off after a loss; `onReconnect` lets a screen refetch what it may have missed meanwhile.
 */
export function useOperatorTopic(
  topic: string,
  onEvent: (event: OperatorStreamEvent) => void,
  onReconnect?: () => void,
): void {
  const latest = useRef({ onEvent, onReconnect });
  useEffect(() => {
    latest.current = { onEvent, onReconnect };
  });

  useEffect(() => {
    let socket: WebSocket | null = null;
    let retryMs = RETRY_MIN_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let opened = false;

    const connect = () => {
      const token = getToken();
      if (stopped || !token) return;
      socket = new WebSocket(streamUrl());
      socket.onopen = () => {
        socket?.send(JSON.stringify({ op: 'operator-auth', token }));
        socket?.send(JSON.stringify({ op: 'subscribe', topics: [topic] }));
        if (opened) latest.current.onReconnect?.();
        opened = true;
        retryMs = RETRY_MIN_MS;
      };
      socket.onmessage = (message: MessageEvent<string>) => {
        let json: unknown;
        try {
          json = JSON.parse(message.data);
        } catch {
          return;
        }
        const parsed = streamEventMessage.safeParse(json);
        if (parsed.success && parsed.data.topic === topic) {
          latest.current.onEvent({ event: parsed.data.event, data: parsed.data.data });
        }
      };
      socket.onclose = () => {
        socket = null;
        if (stopped) return;
        timer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [topic]);
}
