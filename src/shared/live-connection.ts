// The one WebSocket's address and timing (live-events.ts says what travels over it). Apart from the event
// schemas, with no zod: every portal page opens the socket (decision 037).

export const LIVE_SOCKET_PATH = '/api/ws';
// The server sends a heartbeat this often; a client that hears nothing for HEARTBEAT_TIMEOUT_MS
// takes the connection for dead and reconnects.
export const HEARTBEAT_INTERVAL_MS = 25_000;
export const HEARTBEAT_TIMEOUT_MS = 60_000;
// A person is online while one of their tabs holds a socket; each instance confirms its people this
// often, and a confirmation older than PRESENCE_TTL_MS no longer counts (an instance that died).
export const PRESENCE_REFRESH_MS = 20_000;
export const PRESENCE_TTL_MS = 60_000;
// Reconnect backoff: doubling from the first delay up to the cap, with jitter.
export const RECONNECT_FIRST_DELAY_MS = 500;
export const RECONNECT_MAX_DELAY_MS = 15_000;
// The close code of a socket whose session has ended (signed out, expired, suspended): the tab asks who
// it is now instead of reconnecting.
export const SESSION_ENDED_CLOSE_CODE = 4401;
