// What a route answers instead of an envelope when it sends a file (an export's download): the stream and its headers.
import type { Readable } from 'node:stream'

export class FileAnswer {
  constructor(readonly stream: Readable, readonly headers: Record<string, string>) {}
}

/** `attachment` with the name in ASCII for old clients and in UTF-8 (RFC 6266 / 5987) for the rest. */
export function attachment(name: string, fallback: string): string {
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`
}
