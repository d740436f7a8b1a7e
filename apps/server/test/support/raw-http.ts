import net from 'node:net';

/** A raw TCP connection to a listening server, to send requests byte by byte and see when it is cut. */
export interface RawConnection {
  socket: net.Socket;
  /** Everything the server has sent so far. */
  received(): string;
  /** Resolves when the connection closes, with the milliseconds it was open. */
  closed: Promise<number>;
  isClosed(): boolean;
}

/** Connects to 127.0.0.1:port from `localAddress` (any 127.x.y.z address works on Linux). */
export async function connect(port: number, localAddress = '127.0.0.1'): Promise<RawConnection> {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress });
  const opened = performance.now();
  let data = '';
  let done = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (data += chunk));
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      done = true;
      resolve(performance.now() - opened);
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  // A reset after connecting is what a refused connection looks like; `closed` reports it.
  socket.on('error', () => undefined);
  return { socket, received: () => data, closed, isClosed: () => done };
}

/** How long the connection was open, once the server closes it; fails if it is still open after `timeoutMs`. */
export async function closedWithin(connection: RawConnection, timeoutMs: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still open after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([connection.closed, late]);
  } finally {
    clearTimeout(timer);
    connection.socket.destroy();
  }
}

/** Polls until `check` is true; fails after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs = 3000, what = 'the condition'): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Sends a keep-alive GET and waits for the whole response (the body ends the way `bodyEnd` says). */
export async function get(connection: RawConnection, url: string, bodyEnd = '}'): Promise<string> {
  const before = connection.received().length;
  connection.socket.write(`GET ${url} HTTP/1.1\r\nhost: localhost\r\n\r\n`);
  await until(
    () => connection.isClosed() || connection.received().slice(before).trimEnd().endsWith(bodyEnd),
    3000,
    `a response to GET ${url}`,
  );
  return connection.received().slice(before);
}

/** A raw HTTP/1.1 response split into status, lower-case headers and body. */
export function parseResponse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/** Writes `text` one character every `everyMs` until the connection closes or the text runs out. */
export async function dribble(connection: RawConnection, text: string, everyMs: number): Promise<number> {
  let sent = 0;
  for (const char of text) {
    if (connection.isClosed()) break;
    connection.socket.write(char);
    sent++;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return sent;
}
