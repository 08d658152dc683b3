import type { Mode } from '../scope';
import { getCompany } from '../store/entities/company';
import { apiKeyOfPartnerById } from '../store/entities/api-key';
import { legalName } from '../resources/legal-name';

/**
 * The human names the dashboard shows beside ids: a company's legal name and an API key's name, read
 * within the partner (and, for a company, the mode it lives in): another partner's id has no name here.
 */
export type Names = ReadonlyMap<string, string>;

/** Each distinct company of `refs` by id, read in its own mode, side by side. */
export async function companyNames(partnerId: string, refs: { company_id?: string | null; livemode: boolean }[]): Promise<Names> {
  const wanted = new Map<string, Mode>();
  for (const r of refs) if (r.company_id) wanted.set(r.company_id, r.livemode ? 'live' : 'test');
  const found = await Promise.all(
    [...wanted].map(async ([id, mode]) => {
      const company = await getCompany({ partnerId, mode }, id);
      return company ? ([id, legalName(company.name, company.name_style, company.ending)] as const) : undefined;
    }),
  );
  return new Map(found.filter((f) => f !== undefined));
}

/** Each of the partner's keys among `keyIds`, revoked ones included: the name it was given. */
export async function keyNames(partnerId: string, keyIds: string[]): Promise<Names> {
  const found = await Promise.all(
    [...new Set(keyIds)].map(async (id) => {
      const key = await apiKeyOfPartnerById<{ name: string }>(partnerId, id);
      return key ? ([id, key.name] as const) : undefined;
    }),
  );
  return new Map(found.filter((f) => f !== undefined));
}
