import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import contentStyles from '@vela/ui/CmsContent.module.css';
import pageStyles from '@vela/ui/CmsPage.module.css';
import { graphql } from '../__generated__';
import { ApiError, request } from '../api/client';

// What a shopper will see, before it is saved. The HTML goes to the server, which cleans it with
// the sanitiser the storefront's answers go through (commerce/src/kernel/safeHtml.ts), and the
// answer is drawn in an iframe made from it (srcdoc) with every sandbox restriction: no script
// runs in it, it cannot reach the back office's page, its cookies or its API. It inherits the
// back office's Content-Security-Policy too (no inline script or style), so it is styled by
// linking the back office's own stylesheets, which carry the design system's theme and the CMS
// content styles the shop uses too (@vela/ui/CmsContent.module.css, CmsPage.module.css).

const CmsContentPreview = graphql(`
  query CmsContentPreview($html: String!) {
    cmsContentPreview(html: $html) {
      html
      removed
    }
  }
`);

/** How long typing may pause before the preview follows. */
const PREVIEW_DELAY_MS = 400;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The back office's stylesheet links, as absolute addresses (the frame's own origin is opaque). */
function stylesheetLinks(): string {
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
    .map((link) => `<link rel="stylesheet" href="${escapeHtml(link.href)}">`)
    .join('');
}

/** The frame's document: the cleaned HTML inside the storefront's page frame. */
export function previewDocument(html: string, heading: string | null): string {
  const title = heading ? `<h1 class="${pageStyles.heading}">${escapeHtml(heading)}</h1>` : '';
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    stylesheetLinks(),
    '</head><body class="bo-content-frame-body">',
    `<article class="container ${pageStyles.page}">${title}<div class="${contentStyles.content}">${html}</div></article>`,
    '</body></html>',
  ].join('');
}

export function CmsPreview({ html, heading }: { html: string; heading: string | null }) {
  const id = useId();
  const intl = useIntl();
  const [shown, setShown] = useState<{ html: string; removed: readonly string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    setBusy(true);
    const timer = window.setTimeout(() => {
      request(CmsContentPreview, { html }, controller.signal).then(
        (data) => {
          setShown(data.cmsContentPreview);
          setError(null);
          setBusy(false);
        },
        (caught: unknown) => {
          if (controller.signal.aborted) return;
          setError(caught instanceof ApiError ? caught.message : String(caught));
          setBusy(false);
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [html]);

  return (
    <section aria-labelledby={`${id}-preview`} className="bo-card bo-content-preview" aria-busy={busy}>
      <h2 id={`${id}-preview`}>
        <FormattedMessage id="backoffice.preview.title" defaultMessage="Preview" />
      </h2>
      <p className="bo-muted">
        <FormattedMessage id="backoffice.preview.intro" defaultMessage="As shoppers will see it once saved." />
      </p>
      {error && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <div role="status" aria-live="polite" className="bo-content-removed">
        {shown && shown.removed.length > 0 && (
          <>
            <p>
              <FormattedMessage
                id="backoffice.preview.removed"
                defaultMessage="Saving takes out what the storefront never shows:"
              />
            </p>
            <ul>
              {shown.removed.map((item) => (
                <li key={item}>
                  <code>{item}</code>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {shown && (
        <iframe
          className="bo-content-frame"
          title={intl.formatMessage({
            id: 'backoffice.preview.frame',
            defaultMessage: 'Preview of the content as shoppers will see it',
          })}
          // Every restriction: no scripts, no forms, no pop-ups, no navigation of the back office, an opaque origin.
          sandbox=""
          srcDoc={previewDocument(shown.html, heading)}
        />
      )}
    </section>
  );
}
