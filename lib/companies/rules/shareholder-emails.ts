import { violation, type CompanyRule } from './rule';

/**
 * Ours (docs/decisions.md): a shareholder's e-mail is unique within the company, because officers are
 * matched to owners by e-mail (spec) and identity documents are requested per owner by e-mail.
 */
export const shareholderEmails: CompanyRule = (body) => {
  const seen = new Set<string>();
  const out = [];
  for (const [i, owner] of (body.shareholders ?? []).entries()) {
    const email = owner.email.toLowerCase();
    if (seen.has(email)) out.push(violation(`$.shareholders[${i}].email`, 'is the e-mail of another shareholder', 'Give each shareholder their own e-mail address.', 'uniqueItems'));
    seen.add(email);
  }
  return out;
};
