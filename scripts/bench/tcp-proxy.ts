// The load balancer of bench:chat: a round-robin TCP proxy on loopback, in front of several app
// instances. It passes bytes, so WebSocket upgrades and keep-alive HTTP go through untouched. An
// upstream that refuses a connection (a killed instance) is skipped for the next one, as HAProxy's
// redispatch does. Each proxied connection costs two descriptors and one process may hold 20,000 here
// (`ulimit -Hn`), so the connections are shared by worker processes (node:cluster hands each accepted
// connection to the next worker), which also puts the copying on both cores.
//
// Run as `node --import tsx scripts/bench/tcp-proxy.ts <port> <host:port>,<host:port> [workers]` with an
// IPC channel: it sends {type:'listening'} once ready and answers {type:'stats'} with the open
// connections per upstream and every process id (for their memory).
import cluster from 'node:cluster';
import net from 'node:net';
import { availableParallelism } from 'node:os';

export interface ProxyStats {
  type: 'stats';
  openByUpstream: number[];
  pids: number[];
}

type WorkerReport = { type: 'open'; openByUpstream: number[] };

const [portArgument = '', upstreamArgument = '', workersArgument] = process.argv.slice(2);
const upstreams = upstreamArgument.split(',').map((entry) => {
  const [host = '127.0.0.1', port = ''] = entry.split(':');
  return { host, port: Number(port) };
});

function runPrimary() {
  const workerCount = Number(workersArgument ?? availableParallelism());
  cluster.setupPrimary({ silent: false });
  const openByWorker = new Map<number, number[]>();
  let listening = 0;
  for (let index = 0; index < workerCount; index++) {
    const worker = cluster.fork();
    worker.on('message', (report: WorkerReport | { type: 'listening' }) => {
      if (report.type === 'open') openByWorker.set(worker.id, report.openByUpstream);
      if (report.type === 'listening' && ++listening === workerCount) process.send?.({ type: 'listening' });
    });
  }
  // A worker that dies takes its connections with it; the bench would see it as lost sockets.
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping) console.error(`proxy worker ${worker.process.pid} exited (${signal ?? code})`);
  });
  let stopping = false;
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The bench went away (even by kill -9): so does the proxy.
  process.on('disconnect', stop);
  process.on('message', (request: { type: string }) => {
    if (request.type !== 'stats') return;
    const openByUpstream = upstreams.map((_upstream, index) =>
      [...openByWorker.values()].reduce((sum, counts) => sum + (counts[index] ?? 0), 0),
    );
    const pids = [process.pid, ...Object.values(cluster.workers ?? {}).map((worker) => worker?.process.pid ?? 0)];
    process.send?.({ type: 'stats', openByUpstream, pids } satisfies ProxyStats);
  });
}

function runWorker() {
  const openByUpstream = upstreams.map(() => 0);
  let next = 0;
  let reportPending = false;
  // Counts change thousands of times a second while sockets connect; the primary hears them at most
  // every 100 ms.
  const report = () => {
    if (reportPending) return;
    reportPending = true;
    setTimeout(() => {
      reportPending = false;
      process.send?.({ type: 'open', openByUpstream } satisfies WorkerReport);
    }, 100);
  };

  function connectUpstream(client: net.Socket, triesLeft: number) {
    const index = next;
    next = (next + 1) % upstreams.length;
    const target = upstreams[index] ?? { host: '127.0.0.1', port: 0 };
    const upstream = net.connect({ host: target.host, port: target.port, noDelay: true });
    let connected = false;
    upstream.on('error', () => {
      // Refused before it was ever connected: the instance is down, the next one may take it.
      if (!connected && triesLeft > 1 && !client.destroyed) {
        upstream.destroy();
        connectUpstream(client, triesLeft - 1);
        return;
      }
      client.destroy();
      upstream.destroy();
    });
    upstream.once('connect', () => {
      connected = true;
      if (client.destroyed) {
        upstream.destroy();
        return;
      }
      openByUpstream[index] = (openByUpstream[index] ?? 0) + 1;
      report();
      upstream.once('close', () => {
        openByUpstream[index] = (openByUpstream[index] ?? 0) - 1;
        report();
        client.destroy();
      });
      client.once('close', () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
  }

  const server = net.createServer({ noDelay: true, pauseOnConnect: true }, (client) => {
    // Bytes the client sends before an upstream is chosen wait in the paused socket.
    client.on('error', () => client.destroy());
    connectUpstream(client, upstreams.length);
  });
  server.listen({ host: '127.0.0.1', port: Number(portArgument), backlog: 4096 }, () =>
    process.send?.({ type: 'listening' }),
  );
  process.on('disconnect', () => process.exit(0));
}

if (cluster.isPrimary) runPrimary();
else runWorker();
