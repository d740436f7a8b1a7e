import type { IncomingMessage } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { SourceFetchError } from './errors.js';

export const ACCEPT_ENCODING = 'gzip, deflate, br';

function tooLarge(maxBytes: number): SourceFetchError {
  return new SourceFetchError('tooLarge', `The body is over ${maxBytes} bytes.`);
}

/** The response body as sent, or through the decompressor its Content-Encoding names. */
function decodedStream(response: IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!decoder) return response;
  // pipeline passes errors both ways and destroys the response if the decoder stops early.
  return pipeline(response, decoder, () => {});
}

/**
 * Reads the whole body, refusing it as soon as it (decompressed) passes `maxBytes`, or up front when
 * Content-Length already says so. Aborting `signal` ends the read with the signal's reason.
 */
export async function readBody(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge(maxBytes);
  }
  const body = decodedStream(response);
  const abort = () => body.destroy(signal.reason);
  signal.addEventListener('abort', abort, { once: true });
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(chunk);
    }
  } catch (error) {
    throw signal.aborted ? signal.reason : error;
  } finally {
    signal.removeEventListener('abort', abort);
    response.destroy();
  }
  return Buffer.concat(chunks, size);
}
