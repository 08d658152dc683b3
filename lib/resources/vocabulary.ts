/** The enums of the spec's create-company table, in its own words. */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'DC',
] as const;
export type UsState = (typeof US_STATES)[number];

export const ENTITY_TYPES = ['llc', 'c_corp'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const LLC_ENDINGS = ['llc', 'l_l_c', 'limited_liability_company'] as const;
export const C_CORP_ENDINGS = ['inc', 'incorporated', 'co', 'corp', 'corporation'] as const;
export const ENDINGS = [...LLC_ENDINGS, ...C_CORP_ENDINGS] as const;
export type Ending = (typeof ENDINGS)[number];

export const INDUSTRIES = [
  'accounting',
  'advertising',
  'agriculture',
  'art',
  'theater',
  'beauty_and_cosmetic_services',
  'biotech',
  'business_management',
  'cleaning_services',
  'construction',
  'consulting',
  'design',
  'e_commerce',
  'education',
  'entertainment',
  'financial_services',
  'fitness',
  'food',
  'hardware',
  'health_services',
  'insurance',
  'investment',
  'legal',
  'logistics',
  'marketing',
  'marketplace',
  'real_estate',
  'recruiting',
  'research',
  'retail_wholesale',
  'shipping_warehousing',
  'support_services',
  'software',
  'technology',
  'transportation',
  'other',
] as const;

export const COMPANY_STATUSES = ['requires_information', 'in_progress', 'active', 'cancelled', 'dissolved'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export const COMPANY_STAGES = [
  'preparing_documents',
  'documents_generated',
  'signature_requested',
  'submitted_to_state',
  'name_conflict',
  'incorporated',
  'closed',
] as const;

/** Officer roles (the spec leaves them open: docs/decisions.md). A director is an officer with role `director`. */
export const OFFICER_ROLES = [
  'director',
  'president',
  'chief_executive_officer',
  'chief_financial_officer',
  'secretary',
  'treasurer',
  'vice_president',
  'manager',
] as const;

/** `owner_privacy=private` is choosable only in these states (spec create-company table). */
export const PRIVATE_OWNER_STATES: readonly UsState[] = ['DE', 'NV', 'WY', 'NM'];
