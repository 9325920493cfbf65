import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes `request` byte for byte to a socket and reads the first answer: for what fetch and app.inject() cannot
 * send (an absolute-form request target, a broken request line, oversized headers). The request should say
 * `Connection: close`; the answer ends with the connection or at its Content-Length.
 */
export function rawHttp(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = () => {
      if (settled) return;
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return;
      const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const body = text.slice(split + 4);
      const length = headers['content-length'];
      if (length !== undefined && Buffer.byteLength(body) < Number(length)) return;
      settled = true;
      socket.destroy();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      finish();
    });
    socket.on('end', finish);
    socket.on('close', () => {
      finish();
      if (!settled)
        reject(new Error(`connection closed without an answer: ${Buffer.concat(chunks).toString()}`));
    });
    socket.on('error', (error) => {
      if (!settled) reject(error);
    });
    socket.write(request);
  });
}
