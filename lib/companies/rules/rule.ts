import { namingField, type FieldError } from '../../errors';
import type { CreateCompanyBody } from '../schemas';

/** A rule of the create-company table that relates fields to each other: the violations it finds. */
export type CompanyRule = (body: CreateCompanyBody) => FieldError[];

export function violation(location: string, reason: string, how_to_fix: string, validation_type = 'custom'): FieldError {
  return { reason, location, validation_type, how_to_fix: namingField(location, how_to_fix) };
}
