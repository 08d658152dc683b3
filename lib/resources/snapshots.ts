import type { z } from 'zod';
import type { EmbeddableResource } from './event';
import { onFirstUse } from './built-on-first-use';
import { companySchema } from './company';
import { serviceOrderSchema } from './service-order';
import { invoiceSchema } from './invoice';
import { requirementSchema } from './requirement';
import { fileSchema } from './file';
import { taxFilingSchema } from './tax-filing';
import { calendarEventSchema } from './calendar-event';
import { webhookEndpointSnapshotSchema } from './webhook-endpoint';
import { sandboxClockSchema } from './sandbox-clock';

/**
 * The schema of each resource as an event embeds it (`data.object`). A resource whose schema has not
 * landed yet is absent here, and the generator says which event types it skipped.
 */
/** The company as events embed it: without `open_requirements` (spec Events) and without expansions. */
export const companySnapshotSchema = onFirstUse(() =>
  companySchema()
    .omit({ open_requirements: true, account: true, service_orders: true, requirements: true })
    .meta({ id: 'CompanySnapshot', description: 'A company as embedded in an event: no open_requirements, no expansions.' }),
);

export const SNAPSHOT_SCHEMAS = onFirstUse(
  (): Partial<Record<EmbeddableResource, z.ZodType>> => ({
    company: companySnapshotSchema(),
    service_order: serviceOrderSchema(),
    invoice: invoiceSchema(),
    requirement: requirementSchema(),
    file: fileSchema(),
    tax_filing: taxFilingSchema(),
    calendar_event: calendarEventSchema(),
    webhook_endpoint: webhookEndpointSnapshotSchema(),
    sandbox_clock: sandboxClockSchema(),
  }),
);
