import type { Scope } from '../../scope';
import { scopePrefix } from './partners';

/**
 * Access patterns of the event log (docs/decisions.md, "The event log"). Every listing index sorts by
 * `<created_at>#<event id>`, so one cursor position is valid on whichever index a filter picks.
 */

/** eventById: GET /events/{id}. */
export const eventKey = (scope: Scope, eventId: string) => ({ pk: `EVT#${scopePrefix(scope)}#${eventId}`, sk: 'EVT' });

/** eventsOfPartner (gsi1), eventsOfPartnerByType (gsi2), eventsOfCompany (gsi3), eventsOfCompanyByType (gsi4). */
export const eventStreams = {
  all: (scope: Scope) => `EV#${scopePrefix(scope)}`,
  type: (scope: Scope, type: string) => `EV#${scopePrefix(scope)}#T#${type}`,
  company: (scope: Scope, companyId: string) => `EV#${scopePrefix(scope)}#C#${companyId}`,
  companyType: (scope: Scope, companyId: string, type: string) => `EV#${scopePrefix(scope)}#CT#${companyId}#${type}`,
};

export const eventSortKey = (createdAt: string, eventId: string) => `${createdAt}#${eventId}`;

/**
 * eventCountersOfPartner: one counter per stream (all, per type, per company, per company and type),
 * each holding the stream's dense sequence; `page.total` is read from them, never counted.
 */
export const eventCounterKey = (scope: Scope, stream: string) => ({ pk: `EVCNT#${scopePrefix(scope)}`, sk: stream });
