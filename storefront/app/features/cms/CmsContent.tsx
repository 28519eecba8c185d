import { useMemo, type MouseEvent } from 'react';
import { preload } from 'react-dom';
import { useNavigate } from 'react-router';
import styles from '@vela/ui/CmsContent.module.css';
import { priorityImageOf, responsiveCmsImages } from './responsiveCmsImages';
import { browserStoreView } from '../../data/storeView';

/** The in-shop path a click on this link should go to client-side, or null to let the browser handle it. */
export function inShopPath(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented'>,
  anchor: HTMLAnchorElement,
  origin: string,
): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const href = anchor.getAttribute('href');
  if (!href || href.startsWith('#')) return null;
  const url = new URL(href, origin);
  if (url.origin !== origin) return null;
  // Files such as PDFs under /media are not pages of the app.
  if (url.pathname.startsWith('/media/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Renders the merchant's CMS HTML; in-shop links navigate without a full page load. Vela's commerce
 * server answers it already cleaned (commerce/src/kernel/safeHtml.ts: no script, every element
 * closed, the same rules as the back office's preview); a Magento backend's is trusted like its theme.
 */
export function CmsContent({
  html,
  className,
  priorityImage = false,
}: {
  html: string;
  className?: string;
  /** The page's main content: its first image is likely the largest paint. */ priorityImage?: boolean;
}) {
  const navigate = useNavigate();
  const content = useMemo(() => responsiveCmsImages(html, { priorityFirst: priorityImage }), [html, priorityImage]);
  // The hero sits inside HTML React does not parse, so it would only be found once the body
  // streams in; a preload puts it in the head, ahead of the scripts.
  const hero = priorityImage ? priorityImageOf(content) : null;
  if (hero) preload(hero.src, { as: 'image', imageSrcSet: hero.srcSet, imageSizes: hero.sizes, fetchPriority: 'high' });
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    if (!anchor) return;
    const path = inShopPath(event, anchor, window.location.origin);
    if (path === null) return;
    // The router adds this store's prefix itself; a link into another store is a full page load.
    const { prefix } = browserStoreView();
    if (prefix !== '' && path !== prefix && !path.startsWith(`${prefix}/`)) return;
    event.preventDefault();
    void navigate(prefix === '' ? path : path.slice(prefix.length) || '/');
  };
  return (
    // The click handler only upgrades links inside the content, which keep their own keyboard behaviour.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegation for the links inside
    <div
      className={[styles.content, className].filter(Boolean).join(' ')}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: content }}
    />
  );
}
