/**
 * The POSIX ustar format, for the regular files a backup holds: written and read as streams, so a
 * blob store larger than memory passes through in chunks. Sizes past the 8 GiB an octal field
 * holds are written in the base-256 form GNU tar and bsdtar read.
 */

const BLOCK = 512;
const REGULAR_FILE = '0';
const DIRECTORY = '5';
const LARGEST_OCTAL_SIZE = 0o77777777777;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** What to write: a directory, or a regular file with its size and bytes. */
export type TarEntry =
  | { kind: 'directory'; name: string }
  | {
      kind: 'file';
      name: string;
      size: number;
      /** The bytes at once, or read on demand (a file streamed from disk). */
      body: Uint8Array | (() => AsyncIterable<Uint8Array>);
    };

/**
 * What was read: a directory, or a regular file whose body is read before the next entry is
 * asked for (or skipped when it is not).
 */
export type TarRead =
  | { kind: 'directory'; name: string }
  | { kind: 'file'; name: string; size: number; body: AsyncIterable<Uint8Array> };

export class TarFormatError extends Error {
  override name = 'TarFormatError';
}

/** The archive's bytes: each entry's header, body and padding, then the two empty end blocks. */
export async function* tarStream(
  entries: AsyncIterable<TarEntry> | Iterable<TarEntry>,
): AsyncGenerator<Uint8Array> {
  for await (const entry of entries) {
    if (entry.kind === 'directory') {
      yield headerBlock(`${entry.name}/`, 0, DIRECTORY);
      continue;
    }
    yield headerBlock(entry.name, entry.size, REGULAR_FILE);
    let written = 0;
    const chunks = entry.body instanceof Uint8Array ? [entry.body] : entry.body();
    for await (const chunk of chunks) {
      written += chunk.byteLength;
      if (written > entry.size) break;
      yield chunk;
    }
    // The header promised a size; a file that grew or shrank while read would corrupt the rest.
    if (written !== entry.size) {
      throw new TarFormatError(`${entry.name} changed size while it was archived.`);
    }
    const padding = (BLOCK - (entry.size % BLOCK)) % BLOCK;
    if (padding > 0) yield new Uint8Array(padding);
  }
  yield new Uint8Array(BLOCK * 2);
}

/**
 * The directories and regular files of an archive, in order; any other kind of entry (links,
 * devices, extended headers) is refused. An archive that ends before its end blocks, or
 * whose header checksum is wrong, is refused too: a truncated or damaged file is never taken for
 * a whole one.
 */
export async function* readTar(source: AsyncIterable<Uint8Array>): AsyncGenerator<TarRead> {
  const reader = new ByteReader(source);
  for (;;) {
    const header = await reader.exactly(BLOCK);
    if (header.every((byte) => byte === 0)) return;
    const { name, size, type } = parseHeader(header);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (type === DIRECTORY) {
      await reader.skip(size + padding);
      yield { kind: 'directory', name: name.replace(/\/+$/, '') };
      continue;
    }
    if (type !== REGULAR_FILE && type !== '\0') {
      throw new TarFormatError(`${name}: entries of type "${type}" are not supported.`);
    }
    const state = { remaining: size };
    yield { kind: 'file', name, size, body: bodyOf(reader, state) };
    await reader.skip(state.remaining + padding);
  }
}

async function* bodyOf(
  reader: ByteReader,
  state: { remaining: number },
): AsyncGenerator<Uint8Array> {
  while (state.remaining > 0) {
    const chunk = await reader.some(state.remaining);
    state.remaining -= chunk.byteLength;
    yield chunk;
  }
}

function headerBlock(name: string, size: number, type: string): Uint8Array {
  const block = new Uint8Array(BLOCK);
  const [prefix, base] = splitName(name);
  block.set(encoder.encode(base), 0);
  writeOctal(block, 100, 8, type === DIRECTORY ? 0o700 : 0o600);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeSize(block, size);
  writeOctal(block, 136, 12, Math.floor(Date.now() / 1000));
  block[156] = type.charCodeAt(0);
  block.set(encoder.encode('ustar\u000000'), 257);
  block.set(encoder.encode(prefix), 345);
  // The checksum is summed with its own field read as spaces.
  block.fill(0x20, 148, 156);
  writeOctal(block, 148, 7, checksumOf(block));
  return block;
}

/** ustar keeps 100 bytes of name and 155 of directory prefix, split at a slash. */
function splitName(name: string): [string, string] {
  const bytes = encoder.encode(name).byteLength;
  if (bytes !== name.length) throw new TarFormatError(`${name}: names must be ASCII.`);
  if (bytes <= 100) return ['', name];
  for (let cut = name.indexOf('/'); cut !== -1; cut = name.indexOf('/', cut + 1)) {
    if (cut <= 155 && bytes - cut - 1 <= 100) return [name.slice(0, cut), name.slice(cut + 1)];
  }
  throw new TarFormatError(`${name}: too long for a tar header.`);
}

function writeOctal(block: Uint8Array, offset: number, length: number, value: number): void {
  block.set(encoder.encode(`${value.toString(8).padStart(length - 1, '0')}\u0000`), offset);
}

function writeSize(block: Uint8Array, size: number): void {
  if (size <= LARGEST_OCTAL_SIZE) {
    writeOctal(block, 124, 12, size);
    return;
  }
  block[124] = 0x80;
  let rest = BigInt(size);
  for (let index = 135; index > 124; index--) {
    block[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
}

function checksumOf(block: Uint8Array): number {
  return block.reduce((sum, byte) => sum + byte, 0);
}

function parseHeader(block: Uint8Array): { name: string; size: number; type: string } {
  const stored = readOctal(block, 148, 8);
  // A copy: the block may be a Buffer, whose `slice` would be a view of the stream's own bytes.
  const copy = new Uint8Array(block);
  copy.fill(0x20, 148, 156);
  if (stored !== checksumOf(copy)) throw new TarFormatError('A tar header is damaged.');
  const prefix = readText(block, 345, 155);
  const base = readText(block, 0, 100);
  return {
    name: prefix ? `${prefix}/${base}` : base,
    size: readSize(block),
    type: String.fromCharCode(block[156] ?? 0),
  };
}

function readText(block: Uint8Array, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return decoder.decode(end === -1 ? field : field.subarray(0, end));
}

function readOctal(block: Uint8Array, offset: number, length: number): number {
  const text = readText(block, offset, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError('A tar header is damaged.');
  return Number.parseInt(text, 8);
}

function readSize(block: Uint8Array): number {
  if (((block[124] ?? 0) & 0x80) === 0) return readOctal(block, 124, 12);
  let size = 0n;
  for (let index = 125; index < 136; index++) size = (size << 8n) | BigInt(block[index] ?? 0);
  return Number(size);
}

/** Reads a stream of chunks by exact byte counts. */
class ByteReader {
  readonly #chunks: AsyncIterator<Uint8Array>;
  #buffer: Uint8Array = new Uint8Array(0);

  constructor(source: AsyncIterable<Uint8Array>) {
    this.#chunks = source[Symbol.asyncIterator]();
  }

  /** Between one and `most` bytes; the stream ending first means the archive was cut short. */
  async some(most: number): Promise<Uint8Array> {
    while (this.#buffer.byteLength === 0) {
      const next = await this.#chunks.next();
      if (next.done) throw new TarFormatError('The archive ends before its last entry.');
      this.#buffer = next.value;
    }
    const taken = this.#buffer.subarray(0, most);
    this.#buffer = this.#buffer.subarray(taken.byteLength);
    return taken;
  }

  async exactly(count: number): Promise<Uint8Array> {
    const first = await this.some(count);
    if (first.byteLength === count) return first;
    const whole = new Uint8Array(count);
    whole.set(first);
    for (let filled = first.byteLength; filled < count; ) {
      const chunk = await this.some(count - filled);
      whole.set(chunk, filled);
      filled += chunk.byteLength;
    }
    return whole;
  }

  async skip(count: number): Promise<void> {
    for (let left = count; left > 0; ) left -= (await this.some(left)).byteLength;
  }
}
