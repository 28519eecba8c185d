import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import type { AttributeDetailFieldsFragment as Detail } from '../__generated__/graphql';
import { request } from '../api/client';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { DeleteSection } from '../common/DeleteSection';
import { Section } from '../common/form';
import { PageHeading } from '../common/PageHeading';
import { ErrorMessage, Loading } from '../common/ui';
import { useT } from '../common/useT';
import { AttributeForm } from './attributes/AttributeForm';
import { OPTION_INPUTS } from './attributes/attributeInputs';
import { attributeMessages as m } from './attributes/attributeMessages';
import { OptionsEditor } from './attributes/OptionsEditor';

// One attribute: its properties and labels, its options, and deleting it. Everyone reads; the
// owner changes (the server refuses anyone else as well).

const AttributeQuery = graphql(`
  query ProductAttribute($code: String!) {
    productAttribute(code: $code) {
      ...AttributeDetailFields
    }
    storeViews {
      stores {
        code
        name
        isDefault
      }
    }
  }
`);

const DeleteAttributeMutation = graphql(`
  mutation DeleteProductAttribute($code: String!) {
    deleteProductAttribute(code: $code, confirmRemoval: true)
  }
`);

export function AttributePage() {
  const t = useT();
  const toast = useToast();
  const me = useStaff();
  const location = useLocation();
  const { code = '' } = useParams();
  const readOnly = me.role !== 'OWNER';
  const { data, error, loading, refetch } = useQuery(AttributeQuery, { code });
  const [attribute, setAttribute] = useState<Detail | null>(null);
  const shown = attribute ?? data?.productAttribute ?? null;
  const added = (location.state as { added?: string } | null)?.added;
  useEffect(() => {
    if (added) toast.show(t(m.added, { name: added }), { tone: 'success' });
    // Once, when the list sends the owner here after adding the attribute.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [added]);
  const stores = (data?.storeViews.stores ?? []).filter((s) => !s.isDefault);
  const title = shown ? `${shown.label} (${shown.code})` : code;
  const saved = (next: Detail) => {
    setAttribute(next);
    toast.show(t(m.saved, { name: next.label }), { tone: 'success' });
  };
  return (
    <>
      <p className="bo-back">
        <Link to="/attributes">
          <Icon icon={ArrowLeft} size={18} />
          {t(m.all)}
        </Link>
      </p>
      <PageHeading title={title}>{title}</PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label={t(m.loading)} />}
      {readOnly && <p className="bo-notice">{t(m.readOnly)}</p>}
      {shown && (
        <>
          <Section id="attribute-settings" title={t(m.settingsTitle)}>
            <AttributeForm
              key={`${shown.code}-${shown.label}-${shown.input}`}
              attribute={shown}
              stores={stores}
              readOnly={readOnly}
              onSaved={saved}
            />
          </Section>
          <section className="bo-card">
            {OPTION_INPUTS.has(shown.input) ? (
              <OptionsEditor attribute={shown} stores={stores} readOnly={readOnly} onSaved={setAttribute} />
            ) : (
              <p className="bo-muted">{t(m.optionsNone)}</p>
            )}
          </section>
          {!readOnly && (
            <DeleteSection
              name={shown.label}
              explanation={
                shown.configurableCount > 0
                  ? t(m.deleteConfigurable, { count: shown.configurableCount })
                  : t(m.deleteExplanation, { count: shown.productCount })
              }
              buttonLabel={t(m.deleteButton)}
              confirmation={`${t(m.deleteExplanation, { count: shown.productCount })} ${t(m.deleteConfirmation)}`}
              disabled={shown.configurableCount > 0}
              onDelete={() => request(DeleteAttributeMutation, { code: shown.code })}
              listPath="/attributes"
            />
          )}
        </>
      )}
    </>
  );
}
