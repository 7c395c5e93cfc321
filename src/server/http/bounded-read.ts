/**
 * Reads a byte stream (a request's body, a download) to its end while it stays within `maxBytes`: its bytes, or,
 * once it passes the cap, null and the size read so far, the rest left in `reader` for the caller to cancel or drain.
 */
export async function readWithin(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
): Promise<{ bytes: Buffer<ArrayBuffer> | null; size: number }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks, size), size };
    size += value.byteLength;
    if (size > maxBytes) return { bytes: null, size };
    chunks.push(value);
  }
}
