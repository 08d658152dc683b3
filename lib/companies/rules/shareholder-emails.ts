import { violation, type CompanyRule } from './rule';

/**
 * Ours (docs/decisions.md): a shareholder's e-mail is unique within the company, because officers are
 * matched to owners by e-mail (spec) and identity documents are requested per owner by e-mail.
 */
export const shareholderEmails: CompanyRule = (body) => {
  const seen = new Map<string, number>();
  const out = [];
  for (const [i, owner] of (body.shareholders ?? []).entries()) {
    const email = owner.email.toLowerCase();
    const first = seen.get(email);
    if (first !== undefined) {
      out.push(
        violation(
          `$.shareholders[${i}].email`,
          'is the e-mail of another shareholder',
          `Send this owner's own address, such as "email": "grace@example.com": this one is already $.shareholders[${first}].email.`,
          'uniqueItems',
        ),
      );
    } else seen.set(email, i);
  }
  return out;
};
