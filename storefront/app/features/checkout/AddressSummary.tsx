import styles from './CheckoutSummaries.module.css';

export interface AddressLines {
  firstname: string;
  lastname: string;
  street: ReadonlyArray<string | null>;
  city: string;
  postcode?: string | null;
  region?: string | null;
  country?: string | null;
  telephone?: string | null;
}

/** A postal address as people read it, in an <address> element. */
export function AddressSummary({ address }: { address: AddressLines }) {
  const cityLine = [address.postcode, address.city].filter(Boolean).join(' ');
  return (
    <address className={styles.address}>
      <span>
        {address.firstname} {address.lastname}
      </span>
      {address.street.filter(Boolean).map((line, index) => (
        <span key={index}>{line}</span>
      ))}
      <span>{[cityLine, address.region].filter(Boolean).join(', ')}</span>
      {address.country && <span>{address.country}</span>}
      {address.telephone && <span>{address.telephone}</span>}
    </address>
  );
}
