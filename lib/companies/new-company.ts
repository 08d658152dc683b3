import { PRODUCTS } from '../catalog/products';
import { newId } from '../ids';
import { livemode, type Scope } from '../scope';
import type { CompanyRecord } from '../resources/company';
import type { AttachedProduct } from './attached-products';
import { nameKey, tidyName } from './normalise-name';
import { seatOfficers, seatShareholders } from './roster';
import type { CreateCompanyBody } from './schemas';
import { STATE_PRIMARY_TIMEZONE } from './state-timezones';

/** LLC membership is fixed at 100 units (spec Limits). */
export const LLC_MEMBERSHIP_UNITS = 100;

/** `ein` as stored: two digits, hyphen, seven digits (spec create-company `ein`). */
export function formatEin(ein: string): string {
  const digits = ein.replace('-', '');
  return `${digits.slice(0, 2)}-${digits.slice(2)}`;
}

/** Every entitlement kind the catalog can grant, at zero, plus one per attached product that grants it. */
export function initialEntitlements(attached: AttachedProduct[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of PRODUCTS) if (p.grants) out[p.grants] = 0;
  for (const { product } of attached) if (product.grants) out[product.grants] += 1;
  return out;
}

/**
 * A new company record from a valid create-company body, with the spec's defaults: ending `llc` /
 * `inc` by entity type, the formation state's primary zone, `plain` name style, `public` owners;
 * status `requires_information`, verification `pending`.
 */
export function newCompany(
  scope: Scope,
  body: CreateCompanyBody,
  accountId: string,
  attached: AttachedProduct[],
  createdAt: string,
): CompanyRecord {
  const shareholders = seatShareholders(body.shareholders ?? []);
  const { officers, settled } = seatOfficers(body.officers, shareholders);
  const llc = body.entity_type === 'llc';
  const preExisting = body.pre_existing ?? false;
  const name = tidyName(body.name);
  const record: CompanyRecord = {
    id: newId('company'),
    account_id: accountId,
    livemode: livemode(scope),
    name,
    state: body.state,
    entity_type: body.entity_type,
    ending: body.ending ?? (llc ? 'llc' : 'inc'),
    timezone: body.timezone ?? STATE_PRIMARY_TIMEZONE[body.state],
    name_style: body.name_style ?? 'plain',
    owner_privacy: body.owner_privacy ?? 'public',
    pre_existing: preExisting,
    status: 'requires_information',
    verification: 'pending',
    foreign_qualifications: body.foreign_qualifications ?? [],
    entitlements: initialEntitlements(attached),
    shareholders,
    officers,
    officers_settled: settled,
    metadata: body.metadata ?? {},
    created_at: createdAt,
    updated_at: createdAt,
    name_key: nameKey(name),
    version: 1,
  };
  if (body.external_id !== undefined) record.external_id = body.external_id;
  if (body.industry !== undefined) record.industry = body.industry;
  if (body.industry_description !== undefined) record.industry_description = body.industry_description;
  if (body.custom_industry !== undefined) record.custom_industry = body.custom_industry;
  if (!preExisting) record.stage = 'preparing_documents';
  if (body.ein !== undefined) record.ein = formatEin(body.ein);
  if (body.address !== undefined) record.address = body.address;
  if (llc) {
    record.management_type = body.management_type ?? 'member_managed';
    record.membership_units = LLC_MEMBERSHIP_UNITS;
  } else {
    record.authorized_shares = body.authorized_shares;
    record.par_value = body.par_value;
  }
  return record;
}
