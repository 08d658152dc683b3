import { nameAvailabilityQuery } from '../../companies/name-availability';
import { nameAvailabilitySchema } from '../../resources/name-availability';
import { partner } from '../core/operation';

export const getNameAvailability = partner('get-name-availability', {
  method: 'GET',
  path: '/v1/name-availability',
  operation: 'getNameAvailability',
  scope: 'companies:read',
  query: nameAvailabilityQuery,
  summary: 'Whether a company name is available in a state',
  description:
    'The create-company rules on `name` (`invalid_name`), whether the name is already registered with us in that state, compared exactly as creation compares (`taken`), and in the sandbox any name with the word `Conflict` (`state_registry_conflict`). `available` is true when `reasons` is empty. Nothing is reserved. One read.',
  tag: 'Companies',
  responses: { 200: { description: 'The availability of the name.', schema: nameAvailabilitySchema } },
});
