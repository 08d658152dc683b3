import { violation, type CompanyRule } from './rule';

/** Spec create-company `foreign_qualifications`: each names a state other than the formation state (and, ours, each state once). */
export const foreignQualificationStates: CompanyRule = (body) => {
  const out = [];
  const seen = new Set<string>();
  for (const [i, fq] of (body.foreign_qualifications ?? []).entries()) {
    if (fq.state === body.state) {
      out.push(violation(`$.foreign_qualifications[${i}].state`, 'is the formation state', 'A foreign qualification names another state than the formation state; remove this entry.', 'not'));
    } else if (seen.has(fq.state)) {
      out.push(violation(`$.foreign_qualifications[${i}].state`, 'is listed twice', 'List each state once.', 'uniqueItems'));
    }
    seen.add(fq.state);
  }
  return out;
};
