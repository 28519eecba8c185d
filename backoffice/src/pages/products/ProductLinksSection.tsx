import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import fieldStyles from '@vela/ui/Field.module.css';
import { Icon } from '@vela/ui/Icon';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useQuery } from '../../api/useQuery';
import { messageOf } from '../../common/errorText';
import { ErrorMessage, Loading } from '../../common/ui';
import { m } from './productLinkMessages';

// Related, up-sell and cross-sell products of one product: each list is saved on its own as a
// whole, in order, as the API takes it. Staff add by sku or name, remove and move up or down.

const LinksQuery = graphql(`
  query AdminProductLinks($sku: String!) {
    productLinks(sku: $sku) {
      linkType
      position
      sku
      name
      enabled
    }
  }
`);

const SetLinks = graphql(`
  mutation SetProductLinks($sku: String!, $linkType: String!, $skus: [String!]!) {
    setProductLinks(sku: $sku, linkType: $linkType, skus: $skus) {
      linkType
      position
      sku
      name
      enabled
    }
  }
`);

const Candidates = graphql(`
  query AdminLinkCandidates($search: String!) {
    products(filter: { search: $search }, page: 1, pageSize: 8) {
      items {
        sku
        name
        enabled
      }
    }
  }
`);

const TYPES = ['related', 'upsell', 'crosssell'] as const;
type LinkType = (typeof TYPES)[number];
interface Link {
  linkType: string;
  position: number;
  sku: string;
  name: string;
  enabled: boolean;
}

export function ProductLinksSection({ sku, readOnly }: { sku: string; readOnly: boolean }) {
  const t = useIntl().formatMessage;
  const id = useId();
  const { data, error, loading, refetch, setData } = useQuery(LinksQuery, { sku });
  return (
    <section className="bo-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(m.title)}</h2>
      <p className={fieldStyles.hint}>{t(m.hint)}</p>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label={t(m.loading)} />}
      {data &&
        TYPES.map((type) => (
          <LinkList
            key={type}
            sku={sku}
            type={type}
            links={data.productLinks.filter((l) => l.linkType === type)}
            readOnly={readOnly}
            onSaved={(saved) => setData({ productLinks: saved })}
          />
        ))}
    </section>
  );
}

function LinkList({
  sku,
  type,
  links,
  readOnly,
  onSaved,
}: {
  sku: string;
  type: LinkType;
  links: readonly Link[];
  readOnly: boolean;
  onSaved: (links: Link[]) => void;
}) {
  const t = useIntl().formatMessage;
  const toast = useToast();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const save = async (skus: string[], announce: string) => {
    setBusy(true);
    setError(null);
    try {
      const result = await request(SetLinks, { sku, linkType: type, skus });
      onSaved(result.setProductLinks);
      setStatus(announce);
      toast.show(t(m.saved), { tone: 'success' });
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };
  const skus = links.map((l) => l.sku);
  const move = (from: number, to: number) => {
    const next = [...skus];
    const [moved] = next.splice(from, 1);
    if (moved === undefined) return;
    next.splice(to, 0, moved);
    void save(next, `${moved} ${to + 1}/${next.length}`);
  };

  return (
    <div aria-labelledby={`${id}-type`} role="group">
      <h3 id={`${id}-type`}>{t(m[type])}</h3>
      {links.length === 0 ? (
        <p className="bo-muted">{t(m.none)}</p>
      ) : (
        <ol>
          {links.map((link, i) => (
            <li key={link.sku}>
              <span>
                {link.name} <code>{link.sku}</code> {!link.enabled && <em>{t(m.disabled)}</em>}
              </span>
              {!readOnly && (
                <span>
                  <Button
                    variant="ghost"
                    disabled={busy || i === 0}
                    aria-label={t(m.moveUp, { name: link.name })}
                    onClick={() => move(i, i - 1)}
                  >
                    <Icon icon={ArrowUp} size={16} />
                  </Button>
                  <Button
                    variant="ghost"
                    disabled={busy || i === links.length - 1}
                    aria-label={t(m.moveDown, { name: link.name })}
                    onClick={() => move(i, i + 1)}
                  >
                    <Icon icon={ArrowDown} size={16} />
                  </Button>
                  <Button
                    variant="ghost"
                    disabled={busy}
                    aria-label={t(m.remove, { name: link.name })}
                    onClick={() =>
                      void save(
                        skus.filter((s) => s !== link.sku),
                        t(m.remove, { name: link.name }),
                      )
                    }
                  >
                    <Icon icon={Trash2} size={16} />
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {!readOnly && (
        <AddLink
          exclude={[sku, ...skus]}
          busy={busy}
          onAdd={(added) => void save([...skus, added.sku], t(m.add, { name: added.name }))}
        />
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}

function AddLink({
  exclude,
  busy,
  onAdd,
}: {
  exclude: readonly string[];
  busy: boolean;
  onAdd: (product: { sku: string; name: string }) => void;
}) {
  const t = useIntl().formatMessage;
  const id = useId();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Array<{ sku: string; name: string }> | null>(null);
  const [searching, setSearching] = useState(false);
  const excluded = exclude.join('\n');
  useEffect(() => {
    const words = search.trim();
    if (words.length < 2) {
      setFound(null);
      return;
    }
    const controller = new AbortController();
    setSearching(true);
    // A short pause: one request once the typing stops, not one per key.
    const timer = setTimeout(() => {
      request(Candidates, { search: words }, controller.signal).then(
        (result) => {
          setFound(result.products.items.filter((p) => !excluded.split('\n').includes(p.sku)));
          setSearching(false);
        },
        () => {
          if (!controller.signal.aborted) setSearching(false);
        },
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search, excluded]);
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={`${id}-search`} className={fieldStyles.label}>
        {t(m.search)}
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className={fieldStyles.control}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        aria-describedby={`${id}-results`}
      />
      <div id={`${id}-results`} aria-live="polite">
        {searching && <p className="bo-muted">{t(m.searching)}</p>}
        {!searching && found?.length === 0 && <p className="bo-muted">{t(m.noMatch)}</p>}
        {!searching && found && found.length > 0 && (
          <ul>
            {found.map((p) => (
              <li key={p.sku}>
                <Button
                  variant="ghost"
                  disabled={busy}
                  onClick={() => {
                    onAdd(p);
                    setSearch('');
                  }}
                >
                  <Icon icon={Plus} size={16} /> {t(m.add, { name: p.name })} <code>{p.sku}</code>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
