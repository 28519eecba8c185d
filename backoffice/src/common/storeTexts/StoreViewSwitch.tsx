import { Select } from '@vela/ui/Select';
import { graphql } from '../../__generated__';
import { useQuery } from '../../api/useQuery';
import { useT } from '../useT';
import { st } from './storeTextMessages';

const StoreViewChoicesQuery = graphql(`
  query StoreViewChoices {
    storeViews {
      stores {
        id
        name
        active
        isDefault
      }
    }
  }
`);

export interface StoreChoice {
  id: string;
  name: string;
}

/**
 * Magento's store-view switch: "Default values" (empty) or one store view. Says nothing when the
 * shop has one store view only: there is nothing to switch to.
 */
export function StoreViewSwitch({
  id,
  value,
  onChange,
}: {
  id: string;
  value: StoreChoice | null;
  onChange: (store: StoreChoice | null) => void;
}) {
  const t = useT();
  const { data } = useQuery(StoreViewChoicesQuery);
  const stores = (data?.storeViews.stores ?? []).filter((store) => !store.isDefault);
  if (stores.length === 0) return null;
  return (
    <Select
      id={id}
      label={t(st.scope)}
      name="storeView"
      options={[
        { value: '', label: t(st.defaults) },
        ...stores.map((store) => ({
          value: store.id,
          label: store.active ? store.name : t(st.inactive, { name: store.name }),
        })),
      ]}
      value={value?.id ?? ''}
      onChange={(event) => {
        const store = stores.find((s) => s.id === event.target.value);
        onChange(store ? { id: store.id, name: store.name } : null);
      }}
    />
  );
}
