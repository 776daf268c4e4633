import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { MESSAGES } from './messages.ts';

type ClientError = Error & { code?: string; rawPacket?: unknown };

/**
 * The answer to a request Node's HTTP parser refused before the app saw it, as `{ message }` with the right
 * status, like every other error (Fastify's own default answers in its own shape): 414 for an address
 * past the parser's 16 KB (the request line never ended within it), 431 for headers past it, 408 for a
 * request that took too long to arrive, 400 for anything else it could not read.
 */
export function clientErrorAnswer(error: ClientError): { status: number; message: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: MESSAGES.requestTimeout };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const packet = error.rawPacket;
    // The packet is what the parser held: an address that long leaves its request line unended.
    const addressTooLong = Buffer.isBuffer(packet) && !packet.includes('\r\n');
    return addressTooLong
      ? { status: 414, message: MESSAGES.addressTooLong }
      : { status: 431, message: MESSAGES.headersTooLarge };
  }
  if (error.code === 'HPE_URI_TOO_LONG') return { status: 414, message: MESSAGES.addressTooLong };
  return { status: 400, message: MESSAGES.badRequest };
}

/** Fastify's `clientErrorHandler`: writes `clientErrorAnswer` to the socket and closes it. */
export function answerClientError(error: ClientError, socket: Socket): void {
  // A connection reset, or a socket already gone: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, message } = clientErrorAnswer(error);
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
