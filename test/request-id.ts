/**
 * Every response carries x-request-id, and every error repeats it: REST in `error.request_id`,
 * GraphQL in each `errors[].extensions.request_id`. The test clients (harness, cluster) check
 * that each error's id is the response's header and then remove it, so tests compare the API's
 * own fields; pass `raw` to see the body as sent (test/e2e/observability.test.ts does).
 */
export function checkAndStripRequestId(body: unknown, header: string | null): void {
  if (!header) throw new Error('response without x-request-id');
  if (!body || typeof body !== 'object') return;
  const error = (body as { error?: Record<string, unknown> }).error;
  if (error && typeof error === 'object' && 'request_id' in error) {
    if (error.request_id !== header)
      throw new Error(`error.request_id ${JSON.stringify(error.request_id)} is not the x-request-id header ${header}`);
    delete error.request_id;
  }
  const errors = (body as { errors?: { extensions?: Record<string, unknown> }[] }).errors;
  if (Array.isArray(errors)) {
    for (const e of errors) {
      if (!e.extensions || !('request_id' in e.extensions)) continue;
      if (e.extensions.request_id !== header)
        throw new Error(`extensions.request_id ${JSON.stringify(e.extensions.request_id)} is not the x-request-id header ${header}`);
      delete e.extensions.request_id;
      if (Object.keys(e.extensions).length === 0) delete e.extensions;
    }
  }
}
