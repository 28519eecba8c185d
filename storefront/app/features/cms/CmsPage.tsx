import { useQuery } from '@apollo/client/react';
import { describeError } from '../../data/errors';
import { Spinner } from '@vela/ui/Spinner';
import { CmsContent } from './CmsContent';
import styles from '@vela/ui/CmsPage.module.css';
import { CmsPageQuery } from './cmsQueries';

interface CmsPageProps {
  identifier: string;
}

/** A merchant's content page: its heading and HTML. The loader has put it in the cache. */
export function CmsPage({ identifier }: CmsPageProps) {
  const { data, loading, error } = useQuery(CmsPageQuery, { variables: { identifier }, fetchPolicy: 'cache-first' });
  const page = data?.cmsPage;
  if (!page) {
    return (
      <div className="container">
        {loading ? <Spinner /> : error ? <p role="alert">{describeError(error).message}</p> : null}
      </div>
    );
  }
  return (
    <article className={`container ${styles.page}`}>
      <h1 className={styles.heading}>{page.content_heading || page.title}</h1>
      <CmsContent html={page.content ?? ''} priorityImage />
    </article>
  );
}
