import { PostalAddress } from '../../shared/PostalAddress';
import styles from './CheckoutSummaries.module.css';

export interface AddressLines {
  firstname: string;
  lastname: string;
  street: ReadonlyArray<string | null>;
  city: string;
  postcode?: string | null;
  /** The region's name, or free text. */
  region?: string | null;
  regionCode?: string | null;
  /** The country as shown: its name, or its code where no name is at hand. */
  country?: string | null;
  /** ISO code that picks the country's address pattern; without it a two-letter `country` is taken as the code. */
  countryCode?: string | null;
  telephone?: string | null;
}

const COUNTRY_CODE = /^[A-Z]{2}$/;

/** A postal address as people read it, in its country's order, in an <address> element. */
export function AddressSummary({ address }: { address: AddressLines }) {
  const countryCode = address.countryCode || (COUNTRY_CODE.test(address.country ?? '') ? address.country : null);
  return (
    <PostalAddress className={styles.address} address={{ ...address, countryCode }} telephone={address.telephone} />
  );
}
