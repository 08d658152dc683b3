import { legalName } from '../resources/legal-name';
import type { CompanyRecord } from '../resources/company';
import { STAGE_WORDS, STATUS_WORDS } from './plain-words';

/**
 * What a status link shows: the company's legal name, status and stage in plain words, and when it
 * last changed. Nothing personal: no owners, no officers, no EIN, no address, no ids.
 */
export interface StatusView {
  object: 'company_status';
  company_name: string;
  state: string;
  status: string;
  status_title: string;
  status_detail: string;
  stage?: string;
  stage_text?: string;
  incorporation_date?: string;
  updated_at: string;
}

export function statusView(company: CompanyRecord): StatusView {
  const words = STATUS_WORDS[company.status];
  return {
    object: 'company_status',
    company_name: legalName(company.name, company.name_style, company.ending),
    state: company.state,
    status: company.status,
    status_title: words.title,
    status_detail: words.detail,
    ...(company.stage ? { stage: company.stage, stage_text: STAGE_WORDS[company.stage] } : {}),
    ...(company.incorporation_date ? { incorporation_date: company.incorporation_date } : {}),
    updated_at: company.updated_at,
  };
}
