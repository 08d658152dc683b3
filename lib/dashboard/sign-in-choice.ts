import { ApiError } from '../errors';
import { getPartner } from '../partners/partner';
import { membershipsOf, type StaffMember, statusOfMember } from './staff';

/** A dashboard an address may sign in to, as the person choosing sees it. */
export interface DashboardChoice {
  partner_id: string;
  partner_name: string;
  role: string;
  status: 'invited' | 'active';
}

/**
 * The address is staff of several partners and the sign-in named none of them (or one it is not staff
 * of): the right code was given, so the person holding it is shown their dashboards to choose from,
 * and the same code, sent again with `partner_id`, opens the one chosen. No one without the code ever
 * sees this list: membership is private to each partner.
 */
export class PartnerChoiceNeeded extends ApiError {
  constructor(
    readonly choices: DashboardChoice[],
    named?: string,
  ) {
    const listed = choices.map((c) => `"${c.partner_id}" (${c.partner_name})`).join(', ');
    super(
      'invalid_request',
      named
        ? `This address is not staff of the dashboard ${named}. Choose one of its dashboards.`
        : 'This address is staff of more than one partner dashboard. Choose which one to sign in to.',
      [
        {
          reason: named ? 'is not a dashboard of this address' : 'names none of the dashboards of this address',
          location: '$.partner_id',
          validation_type: 'custom',
          how_to_fix: `Send the same code again within its 10 minutes with "partner_id": one of ${listed}.`,
        },
      ],
    );
  }
}

async function choiceOf(member: StaffMember): Promise<DashboardChoice> {
  const partner = await getPartner(member.partner_id);
  return {
    partner_id: member.partner_id,
    partner_name: partner?.name ?? member.partner_id,
    role: member.role,
    status: statusOfMember(member) === 'invited' ? 'invited' : 'active',
  };
}

/**
 * Which membership a sign-in with the right code opens: the one of `partnerId` when named; else the
 * address's one active membership; else, for an address active nowhere, its one invitation. So an
 * invitation nobody accepted never changes how an existing member signs in (another partner cannot
 * make their script's sign-in ask for a choice). Undefined when the address is staff of no partner.
 */
export async function dashboardToSignIn(email: string, partnerId?: string): Promise<StaffMember | undefined> {
  const members = await membershipsOf(email);
  if (members.length === 0) return undefined;
  if (partnerId !== undefined) {
    const named = members.find((m) => m.partner_id === partnerId);
    if (named) return named;
  } else {
    const active = members.filter((m) => statusOfMember(m) === 'active');
    if (active.length === 1) return active[0];
    if (active.length === 0 && members.length === 1) return members[0];
  }
  throw new PartnerChoiceNeeded(await Promise.all(members.map(choiceOf)), partnerId);
}
