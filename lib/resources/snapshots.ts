import type { z } from 'zod';
import type { EmbeddableResource } from './event';
import { invoiceSchema } from './invoice';
import { requirementSchema } from './requirement';
import { fileSchema } from './file';
import { taxFilingSchema } from './tax-filing';
import { calendarEventSchema } from './calendar-event';

/**
 * The schema of each resource as an event embeds it (`data.object`). A resource whose schema has not
 * landed yet is absent here, and the generator says which event types it skipped.
 */
export const SNAPSHOT_SCHEMAS: Partial<Record<EmbeddableResource, z.ZodType>> = {
  invoice: invoiceSchema,
  requirement: requirementSchema,
  file: fileSchema,
  tax_filing: taxFilingSchema,
  calendar_event: calendarEventSchema,
};
