import { useState } from 'react';
import { Button } from '@vela/ui/Button';
import { graphql } from '../__generated__';
import type { StoreViewRowFragment } from '../__generated__/graphql';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { PageHeading } from '../common/PageHeading';
import { ErrorMessage, Loading } from '../common/ui';
import { useT } from '../common/useT';
import { CurrencyRatesSection } from './stores/CurrencyRatesSection';
import { StoreViewForm } from './stores/StoreViewForm';
import { StoreViewsTable } from './stores/StoreViewsTable';
import { s } from './stores/storeMessages';

graphql(`
  fragment StoreViewRow on AdminStoreView {
    id
    code
    name
    locale
    defaultCurrency
    allowedCurrencies
    active
    isDefault
    sortOrder
  }
`);

const StoreViewsQuery = graphql(`
  query StoreViews {
    storeViews {
      baseCurrency
      locales
      rates {
        currency
        rate
      }
      stores {
        ...StoreViewRow
      }
    }
  }
`);

/** Store views (owner configures, everyone else reads) and the currency rates their prices use. */
export function StoresPage() {
  const t = useT();
  const me = useStaff();
  const readOnly = me.role !== 'OWNER';
  const { data, error, loading, refetch, setData } = useQuery(StoreViewsQuery);
  const [editing, setEditing] = useState<string | null>(null);
  const view = data?.storeViews;
  const saved = (store: StoreViewRowFragment) => {
    if (!view) return;
    const others = view.stores.filter((row) => row.id !== store.id);
    const stores = [...others, store].sort((a, b) => a.sortOrder - b.sortOrder || Number(a.id) - Number(b.id));
    setData({ storeViews: { ...view, stores } });
    setEditing(null);
  };
  const editedStore = view?.stores.find((store) => store.id === editing) ?? null;
  return (
    <>
      <PageHeading title={t(s.title)}>{t(s.title)}</PageHeading>
      <p className="bo-muted">{t(s.intro)}</p>
      {readOnly && <p className="bo-notice">{t(s.readOnly)}</p>}
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!view && loading && <Loading label={t(s.loading)} />}
      {view && (
        <>
          <section className="bo-card bo-settings-section" aria-labelledby="stores-views">
            <h2 id="stores-views">{t(s.views)}</h2>
            <StoreViewsTable stores={view.stores} readOnly={readOnly} onEdit={setEditing} />
            {!readOnly && editing === null && (
              <p>
                <Button variant="secondary" onClick={() => setEditing('new')}>
                  {t(s.add)}
                </Button>
              </p>
            )}
          </section>
          {!readOnly && editing !== null && (
            <StoreViewForm
              key={editing}
              store={editedStore}
              locales={view.locales}
              currencies={view.rates.map((r) => r.currency)}
              baseCurrency={view.baseCurrency}
              onSaved={saved}
              onCancel={() => setEditing(null)}
            />
          )}
          <CurrencyRatesSection
            baseCurrency={view.baseCurrency}
            rates={view.rates}
            readOnly={readOnly}
            onSaved={(rate) => {
              const rates = [...view.rates.filter((r) => r.currency !== rate.currency), rate];
              setData({ storeViews: { ...view, rates: rates.sort((a, b) => a.currency.localeCompare(b.currency)) } });
            }}
          />
        </>
      )}
    </>
  );
}
