import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { RECONNECT_FIRST_DELAY_MS, RECONNECT_MAX_DELAY_MS } from '../../src/shared/live-events';

// bench:chat's clients: thousands of live sockets in one process, each behaving as a browser tab of
// the portal does (src/client/lib/live-socket.ts): it reconnects with the same backoff, keeps a cursor
// in the conversation (the highest seq it holds with none missing below) and catches up over HTTP
// after a reconnect or when a seq arrives past a gap. Every delivery is recorded per seq and socket,
// with the time it arrived, so the bench can tell what reached whom, how fast, and whether twice.

export type Source = 'live' | 'catch-up';
const SOURCE_CODE: Record<Source, number> = { live: 1, 'catch-up': 2 };

interface SeqRecord {
  messageId: string | undefined;
  // How many sockets should get it (waitForDelivery says).
  expected: number;
  // performance.now() of the send the bench made, when it made one.
  sentAt: number | undefined;
  // Per socket: when the seq first arrived (0: not yet), and how (0 none, 1 live, 2 catch-up).
  receivedAt: Float64Array;
  via: Uint8Array;
  liveCount: Uint8Array;
  delivered: number;
  onAllDelivered: Array<() => void>;
}

interface TabSpec {
  url: string;
  cookie: string;
  // A tab of someone in the conversation; the others must never hear its messages.
  isMember: boolean;
}

interface Tab extends TabSpec {
  index: number;
  socket: WebSocket | undefined;
  isOpen: boolean;
  hasOpenedBefore: boolean;
  attempt: number;
  cursor: number;
  isCatchingUp: boolean;
  catchUpAgain: boolean;
  reconnectTimer: NodeJS.Timeout | undefined;
  // performance.now() of the last unexpected close, the reopening after it, and the catch-up after that.
  closedAt: number;
  reopenedAt: number;
  caughtUpAt: number;
}

export interface JsonResponse {
  status: number;
  body: unknown;
  retryAfter?: string;
}

// Through TLS (an https origin, behind nginx): the certificate authority to trust, and the local address
// the connections come from.
export interface ClientTls {
  ca: string;
  localAddress?: string;
}

// node:http over a keep-alive agent: cheaper per request than fetch, and each caller gets its own
// connections (the sender's acknowledgements never queue behind a crowd catching up).
export function createJsonClient(origin: string, maxSockets: number, tls?: ClientTls) {
  const isHttps = origin.startsWith('https:');
  const agent = isHttps
    ? new https.Agent({ keepAlive: true, maxSockets, ca: tls?.ca })
    : new http.Agent({ keepAlive: true, maxSockets });
  const send = isHttps ? https.request : http.request;
  return {
    request(
      method: 'GET' | 'POST',
      path: string,
      cookie: string,
      body?: unknown,
      timeoutMs = 10_000,
    ): Promise<JsonResponse> {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const request = send(
          `${origin}${path}`,
          {
            method,
            agent,
            localAddress: tls?.localAddress,
            timeout: timeoutMs,
            headers: {
              cookie,
              // What a browser adds to our own page's requests; the CSRF check wants it (csrf.ts).
              'sec-fetch-site': 'same-origin',
              ...(payload && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              let parsed: unknown = text;
              try {
                parsed = text ? JSON.parse(text) : undefined;
              } catch {
                // not JSON: kept as text for the error message
              }
              const retryAfter = response.headers['retry-after'];
              resolve({ status: response.statusCode ?? 0, body: parsed, ...(retryAfter && { retryAfter }) });
            });
            response.on('error', reject);
          },
        );
        request.on('timeout', () => request.destroy(new Error(`${method} ${path} timed out`)));
        request.on('error', reject);
        request.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

interface CatchUpPage {
  items: Array<{ id: string; seq: number }>;
  has_more: boolean;
}

// At most this many catch-up requests at once from the whole fleet: one process stands in for
// thousands of browsers, and a queue here is fairer to the servers than thousands of sockets.
const CATCH_UP_CONCURRENCY = 64;

export class LiveFleet {
  readonly tabs: Tab[];
  private readonly seqs = new Map<number, SeqRecord>();
  private readonly catchUpQueue: Tab[] = [];
  private catchUpsRunning = 0;
  private readonly http: ReturnType<typeof createJsonClient>;
  reconnects = true;
  // Size of the last message event seen, to compare the ceiling's frames with the app's.
  eventBytes = 0;
  readonly counts = {
    liveDuplicates: 0,
    // A seq that came both live and from a catch-up: the client keeps the first (dedupe by seq).
    overlaps: 0,
    // Two different message ids under one seq.
    idConflicts: 0,
    unexpectedCloses: 0,
    failedHandshakes: 0,
    catchUpRequests: 0,
    catchUpFailures: 0,
    // Message events of the conversation that reached a tab of someone outside it.
    bystanderDeliveries: 0,
    // Times a tab was told to fetch again while its socket stayed open.
    resyncs: 0,
  };
  // How long each catch-up request took, answered or not (ms).
  readonly catchUpRequestMs: number[] = [];
  // Why handshakes failed: an HTTP status, or the socket error's code.
  readonly handshakeFailures = new Map<string, number>();
  readonly memberTabCount: number;

  constructor(
    private readonly options: {
      origin: string;
      conversationId: string;
      tabs: TabSpec[];
      // The conversation's last seq when the tabs open: their cursors start there.
      startSeq?: number;
      tls?: ClientTls;
    },
  ) {
    this.tabs = options.tabs.map((spec, index) => ({
      ...spec,
      index,
      socket: undefined,
      isOpen: false,
      hasOpenedBefore: false,
      attempt: 0,
      cursor: options.startSeq ?? 0,
      isCatchingUp: false,
      catchUpAgain: false,
      reconnectTimer: undefined,
      closedAt: 0,
      reopenedAt: 0,
      caughtUpAt: 0,
    }));
    this.http = createJsonClient(options.origin, CATCH_UP_CONCURRENCY, options.tls);
    this.memberTabCount = this.tabs.filter((tab) => tab.isMember).length;
  }

  openCount() {
    let count = 0;
    for (const tab of this.tabs) if (tab.isOpen) count++;
    return count;
  }

  // Opens every socket, at most `concurrency` handshakes at a time; resolves when all are open (or
  // have failed `maxAttempts` times each, which throws).
  async connectAll(concurrency: number): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < this.tabs.length) {
        const tab = this.tabs[next++];
        if (tab) await this.openUntilReady(tab);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }

  private async openUntilReady(tab: Tab): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.open(tab);
        return;
      } catch (error) {
        if (attempt >= 5) throw new Error(`socket ${tab.index} did not open: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  }

  // One handshake; resolves on the server's `ready` event (the session was accepted).
  private open(tab: Tab): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(tab.url, {
        headers: { cookie: tab.cookie, origin: this.options.origin },
        perMessageDeflate: false,
        handshakeTimeout: 20_000,
        ...(this.options.tls && { ca: this.options.tls.ca, localAddress: this.options.tls.localAddress }),
      });
      tab.socket = socket;
      let isReady = false;
      let hasFailed = false;
      socket.on('unexpected-response', (_request, response) => {
        hasFailed = true;
        this.counts.failedHandshakes++;
        this.countFailure(`HTTP ${response.statusCode}`);
        response.resume();
        socket.terminate();
        reject(new Error(`HTTP ${response.statusCode}`));
      });
      socket.on('error', (error) => {
        if (!isReady && !hasFailed) {
          hasFailed = true;
          this.counts.failedHandshakes++;
          this.countFailure((error as NodeJS.ErrnoException).code ?? error.message);
          reject(error);
        }
      });
      socket.on('message', (data: Buffer) => {
        const at = performance.now();
        const text = data.toString('utf8');
        if (!isReady) {
          if (!text.startsWith('{"type":"ready"')) return;
          isReady = true;
          tab.isOpen = true;
          tab.attempt = 0;
          const isReconnect = tab.hasOpenedBefore;
          tab.hasOpenedBefore = true;
          resolve();
          if (isReconnect) {
            tab.reopenedAt = at;
            // Outside the conversation there is nothing of it to catch up on.
            if (tab.isMember) this.requestCatchUp(tab);
            else tab.caughtUpAt = at;
          }
          return;
        }
        this.onEvent(tab, text, at);
      });
      socket.on('close', () => {
        if (tab.socket !== socket) return;
        tab.socket = undefined;
        if (!isReady) {
          if (!hasFailed) {
            this.counts.failedHandshakes++;
            this.countFailure('closed before ready');
          }
          reject(new Error('closed before ready'));
          return;
        }
        tab.isOpen = false;
        this.counts.unexpectedCloses++;
        tab.closedAt = performance.now();
        if (this.reconnects) this.scheduleReconnect(tab);
      });
    });
  }

  private countFailure(reason: string) {
    this.handshakeFailures.set(reason, (this.handshakeFailures.get(reason) ?? 0) + 1);
  }

  openMemberCount() {
    let count = 0;
    for (const tab of this.tabs) if (tab.isOpen && tab.isMember) count++;
    return count;
  }

  // The portal's backoff: full jitter around a doubling ceiling (src/client/lib/live-socket.ts).
  private scheduleReconnect(tab: Tab) {
    clearTimeout(tab.reconnectTimer);
    const ceiling = Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_FIRST_DELAY_MS * 2 ** tab.attempt);
    tab.attempt += 1;
    tab.reconnectTimer = setTimeout(
      () => {
        this.open(tab).catch(() => {
          if (this.reconnects) this.scheduleReconnect(tab);
        });
      },
      RECONNECT_FIRST_DELAY_MS / 2 + Math.random() * ceiling,
    );
  }

  private onEvent(tab: Tab, text: string, at: number) {
    // The server lost Redis for a while: what other instances sent meanwhile never came (live-socket.ts).
    if (text === '{"type":"resync"}') {
      this.counts.resyncs++;
      this.requestCatchUp(tab);
      return;
    }
    if (!text.startsWith('{"type":"message.created"')) return;
    const event = JSON.parse(text) as { conversation_id: string; seq: number; message: { id: string } };
    if (event.conversation_id !== this.options.conversationId) return;
    this.eventBytes = Buffer.byteLength(text);
    this.record(tab, event.seq, event.message.id, at, 'live');
  }

  private seqRecord(seq: number): SeqRecord {
    let record = this.seqs.get(seq);
    if (!record) {
      const count = this.tabs.length;
      record = {
        messageId: undefined,
        expected: this.memberTabCount,
        sentAt: undefined,
        receivedAt: new Float64Array(count),
        via: new Uint8Array(count),
        liveCount: new Uint8Array(count),
        delivered: 0,
        onAllDelivered: [],
      };
      this.seqs.set(seq, record);
    }
    return record;
  }

  private record(tab: Tab, seq: number, messageId: string, at: number, source: Source) {
    const record = this.seqRecord(seq);
    if (record.messageId === undefined) record.messageId = messageId;
    else if (record.messageId !== messageId) this.counts.idConflicts++;
    const index = tab.index;
    if (!tab.isMember) this.counts.bystanderDeliveries++;
    if (source === 'live') {
      if ((record.liveCount[index] ?? 0) > 0) this.counts.liveDuplicates++;
      record.liveCount[index] = Math.min(255, (record.liveCount[index] ?? 0) + 1);
    }
    if (record.via[index] === 0) {
      record.via[index] = SOURCE_CODE[source];
      record.receivedAt[index] = at;
      record.delivered++;
      if (record.delivered === record.expected) for (const resolve of record.onAllDelivered.splice(0)) resolve();
    } else if (source === 'catch-up' || record.via[index] === SOURCE_CODE['catch-up']) {
      this.counts.overlaps++;
    }
    while (this.seqs.get(tab.cursor + 1)?.via[index]) tab.cursor++;
    // A seq past a gap: something was missed (an instance died before passing it on).
    if (seq > tab.cursor + 1 && source === 'live') this.requestCatchUp(tab);
  }

  private requestCatchUp(tab: Tab) {
    if (tab.isCatchingUp) {
      tab.catchUpAgain = true;
      return;
    }
    tab.isCatchingUp = true;
    this.catchUpQueue.push(tab);
    this.drainCatchUps();
  }

  private drainCatchUps() {
    while (this.catchUpsRunning < CATCH_UP_CONCURRENCY && this.catchUpQueue.length > 0) {
      const tab = this.catchUpQueue.shift();
      if (!tab) break;
      this.catchUpsRunning++;
      void this.catchUp(tab).finally(() => {
        this.catchUpsRunning--;
        if (tab.catchUpAgain) {
          tab.catchUpAgain = false;
          this.catchUpQueue.push(tab);
        } else {
          tab.isCatchingUp = false;
        }
        this.drainCatchUps();
      });
    }
  }

  // Pages through everything after the tab's cursor. A failed request (an instance killed under it)
  // is tried again after a pause.
  private async catchUp(tab: Tab) {
    let after = tab.cursor;
    for (let failures = 0; failures < 20; ) {
      this.counts.catchUpRequests++;
      let response: JsonResponse;
      const started = performance.now();
      try {
        response = await this.http.request(
          'GET',
          `/api/conversations/${this.options.conversationId}/messages?after_seq=${after}&limit=100`,
          tab.cookie,
        );
      } catch {
        response = { status: 0, body: undefined };
      }
      this.catchUpRequestMs.push(performance.now() - started);
      if (response.status !== 200) {
        failures++;
        this.counts.catchUpFailures++;
        await new Promise((resolve) => setTimeout(resolve, 250 * failures));
        continue;
      }
      const page = response.body as CatchUpPage;
      const at = performance.now();
      for (const item of page.items) this.record(tab, item.seq, item.id, at, 'catch-up');
      const last = page.items.at(-1);
      if (!page.has_more || !last) {
        tab.caughtUpAt = performance.now();
        return;
      }
      after = last.seq;
    }
  }

  markSent(seq: number, messageId: string, sentAt: number) {
    const record = this.seqRecord(seq);
    if (record.messageId !== undefined && record.messageId !== messageId) this.counts.idConflicts++;
    record.messageId ??= messageId;
    record.sentAt ??= sentAt;
  }

  // Resolves when `expected` sockets (every member's, unless told) hold the seq, or after timeoutMs;
  // returns how many hold it.
  async waitForDelivery(seq: number, timeoutMs: number, expected = this.memberTabCount): Promise<number> {
    const record = this.seqRecord(seq);
    record.expected = expected;
    if (record.delivered < expected) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        record.onAllDelivered.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return record.delivered;
  }

  // True when every tab is open and every member's holds every seq up to `upToSeq`, no catch-up pending.
  isSettled(upToSeq: number) {
    return this.tabs.every((tab) => tab.isOpen && (!tab.isMember || (tab.cursor >= upToSeq && !tab.isCatchingUp)));
  }

  // Resolves when isSettled(upToSeq), or after timeoutMs; returns whether it settled. Polled: a check
  // reads every tab, too much to run on each of a million events.
  async waitUntilSettled(upToSeq: number, timeoutMs: number): Promise<boolean> {
    const deadline = performance.now() + timeoutMs;
    while (!this.isSettled(upToSeq)) {
      if (performance.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return true;
  }

  // What reached whom: per seq, how many sockets hold it, how many live, and the latencies (ms from
  // the send) of those that got it live.
  deliveryOf(seq: number) {
    const record = this.seqs.get(seq);
    if (!record) return { delivered: 0, live: 0, latencies: new Float64Array(0), messageId: undefined };
    const latencies: number[] = [];
    let live = 0;
    for (let index = 0; index < this.tabs.length; index++) {
      if (record.via[index] !== SOURCE_CODE.live) continue;
      live++;
      if (record.sentAt !== undefined) latencies.push((record.receivedAt[index] ?? 0) - record.sentAt);
    }
    return {
      delivered: record.delivered,
      live,
      latencies: Float64Array.from(latencies),
      messageId: record.messageId,
    };
  }

  // For every tab that lost its socket since `since`: ms from the loss to the reopened socket, and to
  // the end of the catch-up after it (Infinity while either is still missing).
  recoveries(since: number) {
    return this.tabs
      .filter((tab) => tab.closedAt >= since)
      .map((tab) => ({
        reopened: tab.reopenedAt > tab.closedAt ? tab.reopenedAt - tab.closedAt : Number.POSITIVE_INFINITY,
        caughtUp:
          tab.reopenedAt > tab.closedAt && tab.caughtUpAt >= tab.reopenedAt
            ? tab.caughtUpAt - tab.closedAt
            : Number.POSITIVE_INFINITY,
      }));
  }

  // Round trip of a WebSocket ping on the first open socket: the floor of any delivery through this path.
  async pingRoundTrip(): Promise<number> {
    const socket = this.tabs.find((tab) => tab.isOpen)?.socket;
    if (!socket) throw new Error('no open socket to ping');
    const started = performance.now();
    await new Promise<void>((resolve) => {
      socket.once('pong', () => resolve());
      socket.ping();
    });
    return performance.now() - started;
  }

  async close() {
    this.reconnects = false;
    for (const tab of this.tabs) {
      clearTimeout(tab.reconnectTimer);
      tab.socket?.terminate();
      tab.isOpen = false;
    }
    this.http.close();
  }
}
