import { createServer, type Server, type Socket } from 'node:net';

// Just enough SMTP for nodemailer: refuses the first `failures` messages with a 451, then accepts.
export function startSmtpServer(failures: number) {
  const received: string[] = [];
  let refusals = 0;
  const server = createServer((socket: Socket) => {
    let data = '';
    let inData = false;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      data += chunk.toString('utf8');
      let end = data.indexOf('\r\n');
      while (end !== -1) {
        const line = data.slice(0, end);
        data = data.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            if (refusals < failures) {
              refusals += 1;
              socket.write('451 try again later\r\n');
            } else {
              socket.write('250 queued\r\n');
            }
          } else {
            received.push(line);
          }
        } else if (/^(EHLO|HELO)/i.test(line)) {
          socket.write('250 test\r\n');
        } else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) {
          socket.end('221 bye\r\n');
        } else {
          socket.write('250 ok\r\n');
        }
        end = data.indexOf('\r\n');
      }
    });
  });
  return { server, received };
}

export function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

// A mail server that accepts the connection and never answers: a sender stays in the middle of its send.
export function startSilentSmtpServer() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    server,
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}
