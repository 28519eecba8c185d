// GraphQL over GET carries `variables` and `extensions` as JSON in the query string. Yoga parses
// them with JSON.parse and answers a parse failure as an unexpected 500; a malformed request is
// the client's mistake and gets a 400 that says which parameter is wrong.

const JSON_PARAMS = ['variables', 'extensions'] as const;

/** A 400 for a GET whose JSON parameters do not parse; null when they do (or it is not a GET). */
export function malformedGetParams(request: Request): Response | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  let params: URLSearchParams;
  try {
    params = new URL(request.url).searchParams;
  } catch {
    return null;
  }
  for (const name of JSON_PARAMS) {
    const raw = params.get(name);
    if (raw === null || raw === '') continue;
    try {
      JSON.parse(raw);
    } catch {
      return new Response(
        JSON.stringify({
          errors: [{ message: `The "${name}" parameter must be JSON.`, extensions: { code: 'BAD_REQUEST' } }],
        }),
        { status: 400, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } },
      );
    }
  }
  return null;
}
