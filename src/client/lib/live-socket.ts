import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  HEARTBEAT_TIMEOUT_MS,
  LIVE_SOCKET_PATH,
  RECONNECT_FIRST_DELAY_MS,
  RECONNECT_MAX_DELAY_MS,
  SESSION_ENDED_CLOSE_CODE,
} from '~/shared/live-connection';
import type { LiveCommand, LiveEvent, LiveEventType } from '~/shared/live-events';

// The one WebSocket a tab holds while someone is signed in to the portal. Features listen
// for the events they show and, each time it opens, catch up over HTTP from what they last saw: the
// socket is a doorbell, the API is the record.

export type LiveStatus = 'offline' | 'connecting' | 'open';

type EventOf<T extends LiveEventType> = Extract<LiveEvent, { type: T }>;
type Listener = (event: LiveEvent) => void;

const listenersByType = new Map<LiveEventType, Set<Listener>>();
const openedListeners = new Set<() => void>();
const sessionEndedListeners = new Set<() => void>();
const statusListeners = new Set<() => void>();

// What the connection schedules with: the browser's timers and randomness, or a test's (setLiveClock),
// which runs a minute of backoff and silence in a fraction of a second.
interface LiveClock {
  setTimeout(callback: () => void, delayMs: number): ReturnType<typeof setTimeout>;
  clearTimeout(timer: ReturnType<typeof setTimeout> | undefined): void;
  random(): number;
}

const systemClock: LiveClock = {
  setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
  clearTimeout: (timer) => clearTimeout(timer),
  random: () => Math.random(),
};
let clock = systemClock;

// Returns the function that puts the browser's clock back.
export function setLiveClock(next: LiveClock): () => void {
  clock = next;
  return () => {
    clock = systemClock;
  };
}

let socket: WebSocket | null = null;
let status: LiveStatus = 'offline';
let users = 0;
let attempt = 0;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
let silenceTimer: ReturnType<typeof setTimeout> | undefined;
let lastPresenceWatch: LiveCommand | null = null;

function setStatus(next: LiveStatus) {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

// No heartbeat (or anything) for too long: the connection is dead even if the browser has not noticed.
// Closing it waits for a closing handshake that never comes (browsers wait up to a minute, Node's
// WebSocket forever), so the socket is let go of and the next one scheduled without waiting.
function armSilenceTimer(watched: WebSocket) {
  clock.clearTimeout(silenceTimer);
  silenceTimer = clock.setTimeout(() => {
    if (socket !== watched) return;
    watched.onclose = null;
    watched.onmessage = null;
    watched.close(4000, 'heartbeat missed');
    handleLost(watched);
  }, HEARTBEAT_TIMEOUT_MS);
}

function handleLost(lost: WebSocket) {
  // A socket already let go of (signed out, or dropped for silence) no longer decides anything.
  if (socket !== lost) return;
  clock.clearTimeout(silenceTimer);
  socket = null;
  if (users === 0) {
    setStatus('offline');
    return;
  }
  setStatus('connecting');
  scheduleReconnect();
}

function connect() {
  if (socket || users === 0) return;
  setStatus('connecting');
  const url = new URL(LIVE_SOCKET_PATH, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const opened = new WebSocket(url);
  socket = opened;
  // Armed from the start: a handshake that hangs is as dead as a silent connection.
  armSilenceTimer(opened);
  opened.onmessage = (message) => {
    armSilenceTimer(opened);
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
    }
    if (event.type === 'ready' || event.type === 'resync') {
      if (lastPresenceWatch) opened.send(JSON.stringify(lastPresenceWatch));
      for (const listener of openedListeners) listener();
    }
    for (const listener of listenersByType.get(event.type) ?? []) listener(event);
  };
  opened.onclose = (event) => {
    // The server ended the session (signed out elsewhere, expired, suspended): who is this tab now?
    if (event.code === SESSION_ENDED_CLOSE_CODE && socket === opened) {
      for (const listener of sessionEndedListeners) listener();
    }
    handleLost(opened);
  };
}

// Exponential backoff with full jitter, so a restarted instance is not hit by every tab at once.
function scheduleReconnect() {
  clock.clearTimeout(reconnectTimer);
  const ceiling = Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_FIRST_DELAY_MS * 2 ** attempt);
  attempt += 1;
  reconnectTimer = clock.setTimeout(connect, RECONNECT_FIRST_DELAY_MS / 2 + clock.random() * ceiling);
}

// Reconnect at once when the browser comes back online or the tab becomes visible again.
function reconnectNow() {
  if (users === 0 || socket) return;
  clock.clearTimeout(reconnectTimer);
  attempt = 0;
  connect();
}

// Holds the connection open until the returned function lets go of it; the last to let go closes it.
export function holdLiveConnection(): () => void {
  users += 1;
  connect();
  window.addEventListener('online', reconnectNow);
  document.addEventListener('visibilitychange', reconnectNow);
  return () => {
    users -= 1;
    window.removeEventListener('online', reconnectNow);
    document.removeEventListener('visibilitychange', reconnectNow);
    if (users === 0) {
      clock.clearTimeout(reconnectTimer);
      clock.clearTimeout(silenceTimer);
      socket?.close(1000, 'signed out');
      socket = null;
      attempt = 0;
      lastPresenceWatch = null;
      setStatus('offline');
    }
  };
}

// The portal shell holds the connection open while it is mounted.
export function useLiveConnection() {
  useEffect(() => holdLiveConnection(), []);
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

// Called each time the socket opens: after a reconnect whatever was missed is fetched again, and after the
// first connection too, since what happened between a page's first fetch and the socket opening reached nobody.
// Called too when the server says events may have been missed on a socket that stayed open ('resync').
export function onLiveOpened(listener: () => void): () => void {
  openedListeners.add(listener);
  return () => {
    openedListeners.delete(listener);
  };
}

export function useLiveOpened(handler: () => void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => onLiveOpened(() => latest.current()), []);
}

// Called when the server closes the socket because its session has ended.
export function onLiveSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
}

// Sends a command if the socket is open; commands are hints (typing, presence), never records.
export function sendLive(command: LiveCommand) {
  if (command.type === 'watch_presence') lastPresenceWatch = command;
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(command));
}

export function getLiveStatus(): LiveStatus {
  return status;
}

function subscribeLiveStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeLiveStatus, getLiveStatus, () => 'offline');
}
