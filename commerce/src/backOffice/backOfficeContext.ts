import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { SearchIndex } from '../db/searchIndex';
import type { Clock } from '../kernel/clock';
import type { Actor } from '../domains/audit/auditService';
import type { StaffSession, StaffSessionService } from '../domains/staff/staffSessionService';
import type { SecondFactorService } from '../domains/staff/secondFactorService';
import type { PasswordChangeService } from '../domains/staff/passwordChangeService';
import type { OrderAdminService } from '../domains/sales/orderAdminService';
import type { OrderFulfilmentService } from '../domains/sales/orderFulfilmentService';
import type { CatalogImportJobs } from './catalogImportJobs';

export interface BackOfficeServices {
  db: Kysely<Database>;
  searchIndex: SearchIndex;
  clock: Clock;
  sessions: StaffSessionService;
  secondFactor: SecondFactorService;
  passwordChange: PasswordChangeService;
  orders: OrderAdminService;
  fulfilment: OrderFulfilmentService;
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
