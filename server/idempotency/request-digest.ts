import crypto from 'node:crypto';

/**
 * Removes every occurrence of `marker` from a byte stream fed in chunks: what it answers for a
 * chunk is safe to hash (the last marker.length - 1 bytes wait for the next chunk, in case a
 * marker straddles the two).
 */
function markerRemover(marker: Buffer) {
  let carry = Buffer.alloc(0);
  return {
    push(chunk: Buffer): Buffer {
      const data = Buffer.concat([carry, chunk]);
      const parts: Buffer[] = [];
      let start = 0;
      for (let at = data.indexOf(marker, start); at !== -1; at = data.indexOf(marker, start)) {
        parts.push(data.subarray(start, at));
        start = at + marker.length;
      }
      const keep = Math.min(marker.length - 1, data.length - start);
      parts.push(data.subarray(start, data.length - keep));
      carry = data.subarray(data.length - keep);
      return Buffer.concat(parts);
    },
    end: () => carry,
  };
}

/** The multipart boundary of a content type, if any. */
function boundaryOf(contentType: string | null): string | undefined {
  const match = /;\s*boundary="?([^";]+)"?/i.exec(contentType ?? '');
  return match?.[1];
}

/**
 * Wraps a request so its body is hashed (SHA-256) as the handler streams it, without holding it
 * in memory (a media upload can be large). A multipart body is hashed without its boundary: each
 * client invocation picks a new one, and the same upload retried must hash the same.
 */
export function digestingRequest(request: Request) {
  const hash = crypto.createHash('sha256');
  const source = request.body;
  if (!source) {
    const digest = hash.digest('hex');
    return { request, digest: async () => digest, drain: async () => digest };
  }
  const boundary = boundaryOf(request.headers.get('content-type'));
  const remover = boundary ? markerRemover(Buffer.from(`--${boundary}`)) : undefined;
  let finish: (digest: string) => void = () => {};
  const digest = new Promise<string>((resolve) => {
    finish = resolve;
  });
  const body = source.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const bytes = Buffer.from(chunk);
        hash.update(remover ? remover.push(bytes) : bytes);
        controller.enqueue(chunk);
      },
      flush() {
        if (remover) hash.update(remover.end());
        finish(hash.digest('hex'));
      },
    }),
  );
  const wrapped = new Request(request, { body, duplex: 'half' } as RequestInit);
  /** Reads what the handler left of the body (discarding it) and answers the digest. */
  const drain = async (): Promise<string> => {
    if (!wrapped.bodyUsed && wrapped.body) {
      const reader = wrapped.body.getReader();
      while (!(await reader.read()).done) {
        // Only the digest is wanted.
      }
    }
    return digest;
  };
  return { request: wrapped, digest: () => digest, drain };
}
