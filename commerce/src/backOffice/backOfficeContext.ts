import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { SearchIndex } from '../db/searchIndex';
import type { Clock } from '../kernel/clock';
import type { Actor } from '../domains/audit';
import type { StaffSession } from '../domains/staff';
import type { BackOfficeDomainServices } from '../domains/context';
import type { CatalogImportJobs } from './catalogImportJobs';

/** The domain services (built by domains/context.ts), and what only the back office's API runs. */
export interface BackOfficeServices extends BackOfficeDomainServices {
  /** For the guard's security log and the catalog download, not for resolvers: they call services. */
  db: Kysely<Database>;
  searchIndex: SearchIndex;
  clock: Clock;
  imports: CatalogImportJobs;
  /** Where product images live (MEDIA_DIR): uploads are copied under catalog/product. */
  mediaDir: string;
}

export interface BackOfficeContext {
  services: BackOfficeServices;
  /** The session the request's cookie names; null without one. */
  session: StaffSession | null;
  /** The X-CSRF-Token header as sent; checked before any mutation runs. */
  csrfHeader: string | null;
  /** Set-Cookie values for the answer (sign-in and sign-out change the session cookie). */
  setCookies: string[];
  /** The caller's network address as the host gave it; 'unknown' without one (no per-client limits). */
  client: string;
  /** Who acts: the signed-in staff member. Only valid past the permission check. */
  actor: Actor;
}
