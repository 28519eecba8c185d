// Yoga answers with the Response class of @whatwg-node/fetch. A Node host writes its own Response
// class straight to the socket (@hono/node-server keeps the string body and its headers), but any
// other Response it has to read through a ReadableStream, chunk by chunk, with a timer tick in
// between. The answer is copied into the host's class once: the body is a string already, so the
// copy costs less than one stream read (issue 14).

/** `response` as an instance of the global Response class, with the same status, headers and body. */
export async function inHostResponse(response: Response): Promise<Response> {
  // The type says Response, but Yoga's class is another: the check is the point.
  if ((response as unknown) instanceof Response) return response;
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = response.body === null ? null : await response.text();
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
