// A real SMTP server for the outbox tests, just enough of RFC 5321 for nodemailer: it accepts
// every message after `delayMs` (a slow mail server) and counts how many it is holding at once.
import net from 'node:net';

export interface SmtpSink {
  /** smtp://127.0.0.1:port for SMTP_URL / smtpUrl. */
  url: string;
  /** Every message accepted, as received (headers and body). */
  messages: string[];
  /** The most messages whose DATA had arrived and which were not yet accepted, at any moment. */
  maxInFlight(): number;
  close(): Promise<void>;
}

export async function startSmtpSink(delayMs: number): Promise<SmtpSink> {
  const messages: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          inFlight++;
          maxInFlight = Math.max(maxInFlight, inFlight);
          setTimeout(() => {
            inFlight--;
            messages.push(message);
            socket.write('250 queued\r\n');
          }, delayMs);
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) return;
        const line = buffer.slice(0, lineEnd).toUpperCase();
        buffer = buffer.slice(lineEnd + 2);
        if (line.startsWith('EHLO')) socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (line.startsWith('DATA')) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
