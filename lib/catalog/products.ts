/**
 * The product catalog (GET /products; docs/api.md, "The catalog"). Wholesale
 * prices in cents. docs/guide/orders-and-billing.md documents it; orders freeze `unit_amount` and `fees` at order time.
 */
export type Interval = 'one_time' | 'monthly' | 'yearly';
export type FormationSet = 'formation' | 'pre_existing';

export interface ProductOption {
  values: string[];
  default: string;
  /** Extra wholesale cents a choice adds to `unit_amount` (e.g. expedited turnaround). */
  amounts?: Record<string, number>;
}

export interface ProductFee {
  kind: 'state_fee' | 'processing_fee';
  unit_amount: number;
  currency: 'usd';
  /** State-specific amounts for a `state_fee`, keyed by formation state; `unit_amount` elsewhere. */
  by_state?: Record<string, number>;
}

export interface Product {
  object: 'product';
  key: string;
  name: string;
  description: string;
  /** Absent on quoted products: the operator prices each order. */
  unit_amount?: number;
  currency: 'usd';
  interval: Interval;
  billing: 'advance' | 'arrears';
  options: Record<string, ProductOption>;
  fees: ProductFee[];
  /** The sets this product attaches to automatically at company creation. */
  mandatory_for: FormationSet[];
  /** Product keys attached with this one, billing nothing of their own. */
  includes: string[];
  /** Ordered per owner: an order names the `shareholder` it is for. */
  per_owner: boolean;
  quoted: boolean;
  /** The entitlement an order adds (one right), e.g. `federal_tax_filing`. */
  grants: string | null;
  /** Only for these entity types; empty = both. */
  entity_types: ('llc' | 'c_corp')[];
}

const usd = 'usd' as const;
const base = {
  currency: usd,
  options: {},
  fees: [],
  mandatory_for: [],
  includes: [],
  per_owner: false,
  quoted: false,
  grants: null,
  entity_types: [],
};

export const FORMATION_PRODUCT_KEY = 'formation';

export const PRODUCTS: Product[] = [
  {
    ...base,
    object: 'product',
    key: FORMATION_PRODUCT_KEY,
    name: 'Company formation',
    description: 'Name check, articles of organization or incorporation filed with the state, and the formation documents.',
    unit_amount: 9900,
    interval: 'one_time',
    billing: 'advance',
    options: { turnaround: { values: ['standard', 'expedited'], default: 'standard', amounts: { expedited: 15000 } } },
    fees: [
      {
        kind: 'state_fee',
        unit_amount: 10000,
        currency: usd,
        by_state: { CA: 7000, DE: 14000, FL: 12500, NV: 42500, NY: 20000, TX: 30000, WY: 10400 },
      },
      { kind: 'processing_fee', unit_amount: 500, currency: usd },
    ],
    mandatory_for: ['formation'],
  },
  {
    ...base,
    object: 'product',
    key: 'registered_agent',
    name: 'Registered agent',
    description: 'A registered agent and address in the formation state, with mail scanning of service of process.',
    unit_amount: 4900,
    interval: 'yearly',
    billing: 'advance',
    mandatory_for: ['formation', 'pre_existing'],
  },
  {
    ...base,
    object: 'product',
    key: 'ein_application',
    name: 'EIN application',
    description: 'Obtains the federal employer identification number from the IRS.',
    unit_amount: 2500,
    interval: 'one_time',
    billing: 'advance',
  },
  {
    ...base,
    object: 'product',
    key: 'bookkeeping',
    name: 'Bookkeeping',
    description: 'Monthly bookkeeping with reconciled accounts.',
    unit_amount: 14900,
    interval: 'monthly',
    billing: 'advance',
    options: { tier: { values: ['starter', 'growth'], default: 'starter', amounts: { growth: 10000 } } },
  },
  {
    ...base,
    object: 'product',
    key: 'payroll',
    name: 'Payroll',
    description: 'Payroll runs and filings, billed in arrears at the end of each month.',
    unit_amount: 3900,
    interval: 'monthly',
    billing: 'arrears',
  },
  {
    ...base,
    object: 'product',
    key: 'annual_report',
    name: 'Annual report filing',
    description: 'Prepares and files the state annual report before its deadline.',
    unit_amount: 4900,
    interval: 'yearly',
    billing: 'advance',
    fees: [{ kind: 'state_fee', unit_amount: 5000, currency: usd, by_state: { DE: 30000, CA: 2000, NV: 35000, WY: 6000 } }],
  },
  {
    ...base,
    object: 'product',
    key: 'compliance_bundle',
    name: 'Compliance bundle',
    description:
      "Annual report filing with compliance monitoring, for one yearly price; the included filing bills nothing of its own but the state's annual-report fee, each year.",
    unit_amount: 8900,
    interval: 'yearly',
    billing: 'advance',
    includes: ['annual_report'],
  },
  {
    ...base,
    object: 'product',
    key: 'itin_application',
    name: 'ITIN application',
    description: 'Individual taxpayer identification number for one non-resident owner.',
    unit_amount: 19900,
    interval: 'one_time',
    billing: 'advance',
    per_owner: true,
  },
  {
    ...base,
    object: 'product',
    key: 'trademark_registration',
    name: 'Trademark registration',
    description: 'Search and federal trademark application, priced per mark after review.',
    interval: 'one_time',
    billing: 'advance',
    quoted: true,
  },
  {
    ...base,
    object: 'product',
    key: 'federal_tax_filing',
    name: 'Federal tax return',
    description: "One federal income tax return; adds one 'federal_tax_filing' right to the company.",
    unit_amount: 29900,
    interval: 'one_time',
    billing: 'advance',
    grants: 'federal_tax_filing',
  },
  {
    ...base,
    object: 'product',
    key: 'state_tax_filing',
    name: 'State tax return',
    description: "One state income or franchise tax return; adds one 'state_tax_filing' right to the company.",
    unit_amount: 14900,
    interval: 'one_time',
    billing: 'advance',
    grants: 'state_tax_filing',
  },
  {
    ...base,
    object: 'product',
    key: 'dissolution',
    name: 'Dissolution',
    description: 'Files the articles of dissolution; on completion the company is dissolved.',
    unit_amount: 19900,
    interval: 'one_time',
    billing: 'advance',
    fees: [{ kind: 'state_fee', unit_amount: 5000, currency: usd }],
  },
];

export function findProduct(key: string): Product | undefined {
  return PRODUCTS.find((p) => p.key === key);
}

/** The products that attach on their own when a company of this set is created. */
export function mandatoryProducts(set: FormationSet): Product[] {
  return PRODUCTS.filter((p) => p.mandatory_for.includes(set));
}
