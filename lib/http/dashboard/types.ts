import type { ApiContext } from '../core/types';
import type { DashboardSession } from '../../dashboard/session';

/** How the request proved who it is: the cookie of a browser, or a script's bearer token. */
export interface DashboardAuth {
  session: DashboardSession;
  token: string;
  via: 'cookie' | 'bearer';
  /** Where this request came from (the audit log records it). */
  ip: string;
}

export type DashboardContext = ApiContext & { dashboard?: DashboardAuth };

/** A form's fields: repeated names (checkboxes) become arrays. */
export type FormFields = Record<string, string | string[]>;
