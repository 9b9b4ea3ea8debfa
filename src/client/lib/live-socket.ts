import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  HEARTBEAT_TIMEOUT_MS,
  LIVE_SOCKET_PATH,
  type LiveCommand,
  type LiveEvent,
  type LiveEventType,
  RECONNECT_FIRST_DELAY_MS,
  RECONNECT_MAX_DELAY_MS,
} from '~/shared/live-events';

// The one WebSocket a tab holds while someone is signed in to the portal (issue 14). Features listen
// for the events they show and, after a reconnect, catch up over HTTP from what they last saw: the
// socket is a doorbell, the API is the record.

export type LiveStatus = 'offline' | 'connecting' | 'open';

type EventOf<T extends LiveEventType> = Extract<LiveEvent, { type: T }>;
type Listener = (event: LiveEvent) => void;

const listenersByType = new Map<LiveEventType, Set<Listener>>();
const reconnectListeners = new Set<() => void>();
const statusListeners = new Set<() => void>();

let socket: WebSocket | null = null;
let status: LiveStatus = 'offline';
let users = 0;
let attempt = 0;
let hasConnectedBefore = false;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
let silenceTimer: ReturnType<typeof setTimeout> | undefined;
let lastPresenceWatch: LiveCommand | null = null;

function setStatus(next: LiveStatus) {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

// No heartbeat (or anything) for too long: the connection is dead even if the browser has not noticed.
function armSilenceTimer() {
  clearTimeout(silenceTimer);
  silenceTimer = setTimeout(() => socket?.close(4000, 'heartbeat missed'), HEARTBEAT_TIMEOUT_MS);
}

function connect() {
  if (socket || users === 0) return;
  setStatus('connecting');
  const url = new URL(LIVE_SOCKET_PATH, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const opened = new WebSocket(url);
  socket = opened;
  opened.onopen = () => armSilenceTimer();
  opened.onmessage = (message) => {
    armSilenceTimer();
    let event: LiveEvent;
    try {
      event = JSON.parse(String(message.data)) as LiveEvent;
    } catch {
      return;
    }
    // Open once the server says 'ready': only then does it deliver to this tab. Catching up at the
    // handshake instead left a gap (signing the socket in) in which a message reached nobody.
    if (event.type === 'ready') {
      attempt = 0;
      setStatus('open');
      if (lastPresenceWatch) opened.send(JSON.stringify(lastPresenceWatch));
      if (hasConnectedBefore) for (const listener of reconnectListeners) listener();
      hasConnectedBefore = true;
    }
    for (const listener of listenersByType.get(event.type) ?? []) listener(event);
  };
  opened.onclose = () => {
    clearTimeout(silenceTimer);
    if (socket === opened) socket = null;
    if (users === 0) {
      setStatus('offline');
      return;
    }
    setStatus('connecting');
    scheduleReconnect();
  };
}

// Exponential backoff with full jitter, so a restarted instance is not hit by every tab at once.
function scheduleReconnect() {
  clearTimeout(reconnectTimer);
  const ceiling = Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_FIRST_DELAY_MS * 2 ** attempt);
  attempt += 1;
  reconnectTimer = setTimeout(connect, RECONNECT_FIRST_DELAY_MS / 2 + Math.random() * ceiling);
}

// Reconnect at once when the browser comes back online or the tab becomes visible again.
function reconnectNow() {
  if (users === 0 || socket) return;
  clearTimeout(reconnectTimer);
  attempt = 0;
  connect();
}

// The portal shell holds the connection open while it is mounted.
export function useLiveConnection() {
  useEffect(() => {
    users += 1;
    connect();
    window.addEventListener('online', reconnectNow);
    document.addEventListener('visibilitychange', reconnectNow);
    return () => {
      users -= 1;
      window.removeEventListener('online', reconnectNow);
      document.removeEventListener('visibilitychange', reconnectNow);
      if (users === 0) {
        clearTimeout(reconnectTimer);
        socket?.close(1000, 'signed out');
        socket = null;
        hasConnectedBefore = false;
        lastPresenceWatch = null;
        setStatus('offline');
      }
    };
  }, []);
}

export function subscribeLive<T extends LiveEventType>(type: T, listener: (event: EventOf<T>) => void): () => void {
  let listeners = listenersByType.get(type);
  if (!listeners) {
    listeners = new Set();
    listenersByType.set(type, listeners);
  }
  const wrapped = listener as Listener;
  listeners.add(wrapped);
  return () => listeners.delete(wrapped);
}

// Calls the handler (the latest one rendered) for each event of this type.
export function useLiveEvent<T extends LiveEventType>(type: T, handler: (event: EventOf<T>) => void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribeLive(type, (event) => latest.current(event)), [type]);
}

// Called after the socket comes back: whatever may have been missed is fetched again.
export function useLiveReconnect(handler: () => void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = () => latest.current();
    reconnectListeners.add(listener);
    return () => {
      reconnectListeners.delete(listener);
    };
  }, []);
}

// Sends a command if the socket is open; commands are hints (typing, presence), never records.
export function sendLive(command: LiveCommand) {
  if (command.type === 'watch_presence') lastPresenceWatch = command;
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(command));
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
    () => 'offline',
  );
}
