import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { ENTITY_TYPES, US_STATES } from './vocabulary';

export const NAME_AVAILABILITY_REASONS = ['invalid_name', 'taken', 'state_registry_conflict'] as const;

/** GET /name-availability's answer (docs/api.md, "Added for the partner experience"). */
export const nameAvailabilitySchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('name_availability'),
      name: z.string().meta({ description: 'The name as creation would store it: trimmed, single spaces.' }),
      state: z.enum(US_STATES),
      entity_type: z.enum(ENTITY_TYPES),
      available: z
        .boolean()
        .meta({ description: 'True when `reasons` is empty: creation would not refuse the name today. Nothing is reserved.' }),
      reasons: z.array(
        z
          .strictObject({ code: z.enum(NAME_AVAILABILITY_REASONS), message: z.string() })
          .meta({ id: 'NameAvailabilityReason', description: 'Why the name is not available.' }),
      ),
    })
    .meta({ id: 'NameAvailability', description: 'Whether creation would accept a company name in a state today.' }),
);

export type NameAvailability = z.infer<ReturnType<typeof nameAvailabilitySchema>>;
