// The ceiling bench:chat compares against: a bare WebSocket server that writes each Redis message on
// CHANNEL to the sockets it holds. Two of them behind the same proxy make the app's path without the
// app: no session, no database, no routing, no serialising. A message starting with `a` goes to every
// socket, one starting with `m` to those opened at /member; the rest is the frame.
import { Redis } from 'ioredis';
import { type WebSocket, WebSocketServer } from 'ws';

const server = new WebSocketServer({ host: '127.0.0.1', port: Number(process.env.PORT), perMessageDeflate: false });
const members = new Set<WebSocket>();
const subscriber = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
await subscriber.subscribe(process.env.CHANNEL ?? 'fan-out');
subscriber.on('message', (_channel: string, text: string) => {
  const frame = text.slice(1);
  for (const socket of text.startsWith('m') ? members : server.clients) socket.send(frame);
});
server.on('connection', (socket, request) => {
  if (request.url === '/member') {
    members.add(socket);
    socket.on('close', () => members.delete(socket));
  }
  socket.send('{"type":"ready"}');
});
process.on('SIGTERM', () => {
  subscriber.disconnect();
  server.close(() => process.exit(0));
  for (const socket of server.clients) socket.terminate();
});
