import WebSocket from 'ws';
import { LIVE_SOCKET_PATH, type LiveEvent } from '~/shared/live-events';

// A tab's live socket, for tests: every event it hears, and whether the handshake was accepted.
export function openLiveSocket(
  socketUrl: string,
  headers: Record<string, string>,
  options: Pick<WebSocket.ClientOptions, 'autoPong'> = {},
) {
  const socket = new WebSocket(socketUrl, { headers, ...options });
  const events: LiveEvent[] = [];
  socket.on('message', (data) => events.push(JSON.parse(String(data)) as LiveEvent));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    // The server ends a refused handshake's connection itself (else each refusal leaks a descriptor).
    socket.once('unexpected-response', (_request, response) => {
      response.socket.once('close', () => reject(new Error(`HTTP ${response.statusCode}`)));
      response.resume();
    });
    socket.once('error', reject);
  });
  return { socket, events, opened };
}

// Polls until `read` finds something (an event), or fails after the timeout.
export async function waitForLive<T>(read: () => T | undefined, timeoutMs = 2000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for a live event');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// A signed-in tab's live socket on the app at origin, once the server has said it is ready.
export async function openReadyLiveTab(origin: string, cookie: string) {
  const tab = openLiveSocket(`${origin.replace('http', 'ws')}${LIVE_SOCKET_PATH}`, { origin, cookie });
  await tab.opened;
  await waitForLive(() => tab.events.find((event) => event.type === 'ready'));
  return tab;
}
