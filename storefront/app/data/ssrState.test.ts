import { gql } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createApolloClient } from './createApolloClient';
import { APOLLO_STATE_GLOBAL, serializeApolloState } from './ssrState';

function clientHolding(content: string) {
  const client = createApolloClient({ uri: 'http://127.0.0.1:1/graphql', ssrMode: true });
  client.writeQuery({
    query: gql`
      query Page {
        cmsPage(identifier: "home") {
          identifier
          content
        }
      }
    `,
    data: { cmsPage: { __typename: 'CmsPage', identifier: 'home', content } },
  });
  return client;
}

/** Runs the serialised script the way the browser would, against a stand-in window. */
function runScript(source: string): Record<string, unknown> {
  const fakeWindow: Record<string, unknown> = {};
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the test runs the emitted script, as the browser would
  new Function('window', source)(fakeWindow);
  return fakeWindow;
}

describe('serializeApolloState', () => {
  it('assigns the cache to window.__APOLLO_STATE__', () => {
    const client = clientHolding('<p>Welcome</p>');
    const source = serializeApolloState(client);
    expect(APOLLO_STATE_GLOBAL).toBe('__APOLLO_STATE__');
    expect(source.startsWith('window.__APOLLO_STATE__=')).toBe(true);
    expect(source.endsWith(';')).toBe(true);
    expect(runScript(source)[APOLLO_STATE_GLOBAL]).toEqual(client.extract());
  });

  it('cannot close the <script> element or open a comment, and survives U+2028/U+2029', () => {
    const hostile = '</script><script>alert(1)</script><!-- & \u2028 \u2029 -->';
    const client = clientHolding(hostile);
    const source = serializeApolloState(client);

    expect(source).not.toMatch(/[<>&\u2028\u2029]/);
    expect(source).toContain('\\u003c/script\\u003e');
    expect(source).toContain('\\u0026');
    expect(source).toContain('\\u2028');
    expect(source).toContain('\\u2029');
    const state = runScript(source)[APOLLO_STATE_GLOBAL] as Record<string, { content?: string }>;
    expect(state['CmsPage:{"identifier":"home"}']?.content).toBe(hostile);
  });
});
