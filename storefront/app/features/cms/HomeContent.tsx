import { useQuery } from '@apollo/client/react';
import { CmsContent } from './CmsContent';
import styles from './HomeContent.module.css';
import { CmsPageQuery } from './cmsQueries';

interface HomeContentProps {
  /** The home CMS page, or null when the store has none. */
  identifier: string | null;
  /** The page's heading when the CMS page gives none: every page needs one h1. */
  storeName: string;
}

/** The merchant's home page content (hero, promotions), as loaded by loadHomeContent. */
export function HomeContent({ identifier, storeName }: HomeContentProps) {
  const { data } = useQuery(CmsPageQuery, {
    variables: { identifier: identifier ?? '' },
    skip: !identifier,
    fetchPolicy: 'cache-first',
    errorPolicy: 'ignore',
  });
  const page = identifier ? data?.cmsPage : null;
  return (
    <section className={styles.home}>
      {page?.content_heading ? (
        <h1 className={styles.heading}>{page.content_heading}</h1>
      ) : (
        !/<h1[\s>]/i.test(page?.content ?? '') && <h1 className="visually-hidden">{page?.title || storeName}</h1>
      )}
      {page?.content && <CmsContent html={page.content} className={styles.content} priorityImage />}
    </section>
  );
}
