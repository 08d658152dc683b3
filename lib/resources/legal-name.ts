import type { Ending } from './vocabulary';

/** The spec's ending table: how each `ending` token reads in the legal name. */
export const ENDING_TEXT: Record<Ending, string> = {
  llc: 'LLC',
  l_l_c: 'L.L.C.',
  limited_liability_company: 'Limited Liability Company',
  inc: 'Inc.',
  incorporated: 'Incorporated',
  co: 'Co.',
  corp: 'Corp',
  corporation: 'Corporation',
};

/**
 * `legal_name`: the name, the separator of `name_style` (`plain`: a space; `comma`: a comma and a
 * space), and the ending's text: "Acme Widgets Inc.", "Acme Widgets, LLC".
 */
export function legalName(name: string, nameStyle: 'plain' | 'comma', ending: Ending): string {
  return `${name}${nameStyle === 'comma' ? ', ' : ' '}${ENDING_TEXT[ending]}`;
}
