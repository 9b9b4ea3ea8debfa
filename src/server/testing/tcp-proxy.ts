import net from 'node:net';

// How the proxy treats a new connection: 'forward' passes bytes both ways; 'refuse' ends it at once
// (the server is down); 'silent' keeps it open and passes nothing (a dead link neither end has noticed).
type ProxyMode = 'forward' | 'refuse' | 'silent';

export interface TcpProxy {
  port: number;
  setMode(mode: ProxyMode): void;
  // Ends every connection through the proxy, as a server restart or a network change does.
  dropConnections(): void;
  // The connections open now pass nothing more, and neither end hears of it; new ones follow the mode.
  silenceConnections(): void;
  // How many connections the proxy has accepted, refused ones included.
  connectionCount(): number;
  close(): Promise<void>;
}

// A loopback proxy in front of a server, for tests that take the network away under a client.
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'forward';
  let accepted = 0;
  const open = new Set<net.Socket>();
  const silenced = new WeakSet<net.Socket>();
  const server = net.createServer((client) => {
    accepted += 1;
    if (mode === 'refuse') {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    if (mode === 'silent') {
      silenced.add(client);
      silenced.add(upstream);
    }
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(from);
      from.on('data', (chunk) => {
        if (!silenced.has(from)) to.write(chunk);
      });
      // A silent link carries no end either: the other side keeps waiting.
      from.on('end', () => {
        if (!silenced.has(from)) to.end();
      });
      from.on('close', () => {
        open.delete(from);
        if (!silenced.has(from)) to.destroy();
      });
      from.on('error', () => from.destroy());
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('The proxy has no port.');
  const dropConnections = () => {
    for (const socket of open) socket.destroy();
  };
  return {
    port: address.port,
    setMode: (next) => {
      mode = next;
    },
    dropConnections,
    silenceConnections: () => {
      for (const socket of open) silenced.add(socket);
    },
    connectionCount: () => accepted,
    close: async () => {
      dropConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
