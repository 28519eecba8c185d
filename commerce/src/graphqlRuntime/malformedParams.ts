import { createGraphQLError, type Plugin } from 'graphql-yoga';

// GraphQL over GET (and over a form POST) carries `variables` and `extensions` as JSON in URL
// parameters. Yoga parses them with JSON.parse and answers a parse failure as an unexpected 500;
// a malformed request is the client's mistake and gets a 400 that says which parameter is wrong.
// The check wraps Yoga's own parser, so the parameters are parsed once (a listing's URL is a few
// KB of percent-encoded document: parsing it twice cost a tenth of a millisecond per request).

const JSON_PARAMS = ['variables', 'extensions'] as const;

/** The parameter of a GET that is not JSON; null when the URL does not say (a form POST). */
function offendingParam(request: Request): string | null {
  if (request.method !== 'GET') return null;
  const params = new URL(request.url).searchParams;
  for (const name of JSON_PARAMS) {
    const raw = params.get(name);
    if (raw === null || raw === '') continue;
    try {
      JSON.parse(raw);
    } catch {
      return name;
    }
  }
  return null;
}

/** Answers URL parameters that are not JSON with 400 instead of Yoga's 500. */
export function malformedParamsPlugin(): Plugin {
  return {
    onRequestParse({ request, requestParser, setRequestParser }) {
      if (!requestParser) return;
      const parse = requestParser;
      setRequestParser(async (parsed) => {
        try {
          return await parse(parsed);
        } catch (error) {
          if (!(error instanceof SyntaxError)) throw error;
          const name = offendingParam(request);
          throw createGraphQLError(
            name
              ? `The "${name}" parameter must be JSON.`
              : 'The "variables" and "extensions" parameters must be JSON.',
            { extensions: { http: { status: 400 }, code: 'BAD_REQUEST' } },
          );
        }
      });
    },
  };
}
