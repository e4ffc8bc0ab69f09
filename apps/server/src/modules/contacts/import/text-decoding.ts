/*
 * The text of an uploaded contacts file, whatever its encoding: UTF-8 (with or without a byte order mark),
 * UTF-16 (little- or big-endian, with a byte order mark, or little-endian without one, as some Outlook versions
 * write it) and Windows-1252 (the older Outlook and Excel CSVs of Western Europe). Read as a stream of chunks.
 */

export type ImportEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** The encoding the first bytes of a file name: its byte order mark, or UTF-16LE by its zero bytes, else UTF-8. */
export function sniffEncoding(head: Uint8Array): ImportEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  // ASCII text in UTF-16LE without a mark: every second byte is zero.
  const sample = head.subarray(0, 512);
  let oddZeros = 0;
  for (let index = 1; index < sample.length; index += 2) if (sample[index] === 0) oddZeros += 1;
  return sample.length >= 4 && oddZeros >= sample.length / 4 ? 'utf-16le' : 'utf-8';
}

/** Thrown when bytes are not valid UTF-8: the caller reads the file again as Windows-1252. */
export class NotUtf8Error extends Error {
  constructor() {
    super('The file is not UTF-8');
  }
}

/**
 * The chunks of `bytes` as text in `encoding` (a byte order mark dropped). UTF-8 is strict: an invalid sequence
 * throws `NotUtf8Error`, since a Windows-1252 file read as UTF-8 would silently garble every accent.
 */
export async function* decodeChunks(bytes: AsyncIterable<Uint8Array>, encoding: ImportEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8', ignoreBOM: false });
  try {
    for await (const chunk of bytes) {
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch (error) {
    if (error instanceof TypeError && encoding === 'utf-8') throw new NotUtf8Error();
    throw error;
  }
}

/** The lines of a text stream, numbered from 1; CRLF, LF and a lone CR all end a line. */
export async function* linesOf(chunks: AsyncIterable<string>): AsyncGenerator<{ number: number; text: string }> {
  let pending = '';
  let number = 0;
  let endedWithCr = false;
  for await (const chunk of chunks) {
    let text = chunk;
    // A CRLF split across chunks: the LF belongs to the line the CR already ended.
    if (endedWithCr && text.startsWith('\n')) text = text.slice(1);
    endedWithCr = text.endsWith('\r');
    pending += text;
    const parts = pending.split(/\r\n|\n|\r/);
    pending = parts.pop() ?? '';
    for (const line of parts) yield { number: ++number, text: line };
  }
  if (pending) yield { number: ++number, text: pending };
}
