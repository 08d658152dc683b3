import type { Partner } from '../partners/partner';
import type { Scope } from '../scope';
import type { ApiKeyRecord } from './api-key';

/** The authenticated caller: which partner, which key, which mode. */
export interface Caller {
  partner: Partner;
  key: ApiKeyRecord;
  scope: Scope;
}
