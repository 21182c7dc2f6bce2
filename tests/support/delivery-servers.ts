import crypto from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import ece from 'http_ece';
import { SMTPServer } from 'smtp-server';

/** Real delivery endpoints on loopback for the notification suites: an SMTP server and a push service. */

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface SmtpServer {
  url: string;
  /** The messages it accepted (answered 250), in order. */
  mails: ReceivedMail[];
  /** How many messages it refused (answered 451). */
  refused: number;
  /** Answers every message held so far (and stops holding the next ones). */
  release: () => void;
  close: () => Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps what it accepts. `refuse`: the first n messages are
 * answered with a temporary failure (451), as a mail server that is briefly unavailable does.
 * `hold`: messages are received but not answered until `release()`, as a slow server does.
 */
export async function startSmtp(options: { refuse?: number; hold?: boolean } = {}): Promise<SmtpServer> {
  const mails: ReceivedMail[] = [];
  let toRefuse = options.refuse ?? 0;
  let holding = options.hold ?? false;
  const held: Array<() => void> = [];
  const result = { refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse -= 1;
          result.refused += 1;
          const refusal = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(refusal);
          return;
        }
        const accept = () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        };
        if (holding) held.push(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    get refused() {
      return result.refused;
    },
    release: () => {
      holding = false;
      for (const accept of held.splice(0)) accept();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A mail server that takes connections and never says a word: a send to it hangs until the
 * connection ends. `connections` counts the attempts that reached it.
 */
export async function startSilentSmtp(): Promise<{
  url: string;
  connections: () => number;
  close: () => Promise<void>;
}> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface PushService {
  /** What a browser hands the server: the endpoint and its keys. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Messages it received and could decrypt with its own keys. */
  received: Array<{ headers: http.IncomingHttpHeaders; payload: Record<string, unknown> }>;
  close: () => Promise<void>;
}

/** A push service on loopback: a browser's keys, and what it receives for them. */
export async function startPushService(answer = 201): Promise<PushService> {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = crypto.randomBytes(16);
  const received: PushService['received'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const plain = ece.decrypt(Buffer.concat(chunks), {
        version: 'aes128gcm',
        privateKey: ecdh,
        authSecret: authSecret.toString('base64url'),
      });
      received.push({ headers: req.headers, payload: JSON.parse(plain.toString('utf8')) });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    subscription: {
      endpoint: `http://127.0.0.1:${port}/push/${crypto.randomUUID()}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    },
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
