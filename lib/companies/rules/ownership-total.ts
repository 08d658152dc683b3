import { violation, type CompanyRule } from './rule';

/**
 * How much of a company its listed owners hold (docs/decisions.md, "Company rules we decided"): an LLC's
 * members hold all of it, so theirs add up to 100; a C-corp's listed shareholders hold at most 100
 * (shares may stay unissued, or belong to holders the partner does not list). The tolerance lets
 * thirds written as 33.33 stand for a third each.
 */
export const OWNERSHIP_TOLERANCE = 0.01;

export const ownershipTotal: CompanyRule = (body) => {
  const owners = body.shareholders ?? [];
  if (owners.length === 0) return [];
  const total = Math.round(owners.reduce((sum, o) => sum + o.ownership_percentage, 0) * 1e6) / 1e6;
  if (body.entity_type === 'llc' && Math.round(Math.abs(total - 100) * 1e6) / 1e6 > OWNERSHIP_TOLERANCE) {
    return [
      violation(
        '$.shareholders',
        `an LLC's members hold all of it, and these add up to ${total}%`,
        `Make the members' ownership_percentage values add up to 100, such as 60 and 40 for two members.`,
        total > 100 ? 'maximum' : 'minimum',
      ),
    ];
  }
  if (total > 100 + OWNERSHIP_TOLERANCE) {
    return [
      violation(
        '$.shareholders',
        `ownership adds up to ${total}%`,
        `Lower the shareholders' ownership_percentage values so they add up to 100 or less, such as 60 and 40 for two owners.`,
        'maximum',
      ),
    ];
  }
  return [];
};
