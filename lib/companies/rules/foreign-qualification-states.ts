import { violation, type CompanyRule } from './rule';

/** Spec create-company `foreign_qualifications`: each names a state other than the formation state (and, ours, each state once). */
export const foreignQualificationStates: CompanyRule = (body) => {
  const out = [];
  const seen = new Map<string, number>();
  const other = body.state === 'CA' ? 'NY' : 'CA';
  for (const [i, fq] of (body.foreign_qualifications ?? []).entries()) {
    if (fq.state === body.state) {
      out.push(
        violation(
          `$.foreign_qualifications[${i}].state`,
          'is the formation state',
          `Remove this entry: the company is formed in ${body.state} and needs no qualification there; list other states only, such as {"state": "${other}"}.`,
          'not',
        ),
      );
    } else if (seen.has(fq.state)) {
      out.push(
        violation(
          `$.foreign_qualifications[${i}].state`,
          'is listed twice',
          `Remove this entry: ${fq.state} is already listed at $.foreign_qualifications[${seen.get(fq.state)}].`,
          'uniqueItems',
        ),
      );
    }
    if (!seen.has(fq.state)) seen.set(fq.state, i);
  }
  return out;
};
