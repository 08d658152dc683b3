import { newId } from '../ids';
import type { Officer, Shareholder } from '../resources/company';
import type { OfficerInput, ShareholderInput } from './schemas';

/** Owners as stored: each gets its `sh_` id, minted by us. */
export function seatShareholders(input: ShareholderInput[]): Shareholder[] {
  return input.map((o) => ({
    id: newId('shareholder'),
    first_name: o.first_name,
    last_name: o.last_name,
    email: o.email.toLowerCase(),
    ...(o.phone !== undefined ? { phone: o.phone } : {}),
    ...(o.date_of_birth !== undefined ? { date_of_birth: o.date_of_birth } : {}),
    ...(o.nationality !== undefined ? { nationality: o.nationality } : {}),
    ...(o.address !== undefined ? { address: o.address } : {}),
    ownership_percentage: o.ownership_percentage,
    main_incorporator: o.main_incorporator,
    relationship: { director: o.relationship.director, ...(o.relationship.title !== undefined ? { title: o.relationship.title } : {}) },
    ...(o.passport !== undefined ? { passport: o.passport } : {}),
  }));
}

/**
 * Spec create-company `officers`: when given, the list is the roster, and an officer whose e-mail
 * matches a shareholder's is seated as that owner (`shareholder`); when omitted, each shareholder whose
 * `relationship.director` is set is seated as a director. `officers_settled` is true only when the
 * caller sent the roster (an empty one then means "no officers by design").
 */
export function seatOfficers(input: OfficerInput[] | undefined, owners: Shareholder[]): { officers: Officer[]; settled: boolean } {
  const ownerByEmail = new Map(owners.map((o) => [o.email.toLowerCase(), o.id]));
  if (input === undefined) {
    const officers = owners
      .filter((o) => o.relationship.director)
      .map((o): Officer => ({ first_name: o.first_name, last_name: o.last_name, email: o.email, roles: ['director'], shareholder: o.id }));
    return { officers, settled: false };
  }
  const officers = input.map((o): Officer => {
    const email = o.email.toLowerCase();
    const shareholder = ownerByEmail.get(email);
    return {
      first_name: o.first_name,
      last_name: o.last_name,
      email,
      roles: o.roles,
      ...(o.title !== undefined ? { title: o.title } : {}),
      ...(shareholder ? { shareholder } : {}),
    };
  });
  return { officers, settled: true };
}
