import { violation, type CompanyRule } from './rule';

/** Ours (docs/decisions.md): the owners' `ownership_percentage` add up to at most 100. */
export const ownershipTotal: CompanyRule = (body) => {
  const total = (body.shareholders ?? []).reduce((sum, o) => sum + o.ownership_percentage, 0);
  return Math.round(total * 1e6) / 1e6 > 100
    ? [
        violation(
          '$.shareholders',
          `ownership adds up to ${total}%`,
          `Lower the shareholders' ownership_percentage values so they add up to 100 or less, such as 60 and 40 for two owners.`,
          'maximum',
        ),
      ]
    : [];
};
