// Kept only for src/commands/merchant.ts, which still posts its quota change by URL: the money operations themselves
// live in core/ops.ts (postOnce by declared endpoint). Delete this file once merchant posts through core/ops.
import type { Endpoint } from '../../contract/endpoint'
import { postOnce as once } from '../../core/ops'

/** core/ops' postOnce for a URL: one idempotency key per confirmed operation, reused on a retry after a lost answer. */
export const postOnce = <T>(url: string, body: object, opts: { silent?: boolean } = {}): Promise<T> =>
  once({ method: 'POST', url } as Endpoint, body as never, opts) as Promise<T>
