import { PRIVATE_OWNER_STATES } from '../../resources/vocabulary';
import { violation, type CompanyRule } from './rule';

/** Spec create-company `owner_privacy`: `private` only in DE, NV, WY, NM, where the filing can omit owners. */
export const ownerPrivacy: CompanyRule = (body) =>
  body.owner_privacy === 'private' && !PRIVATE_OWNER_STATES.includes(body.state)
    ? [
        violation(
          '$.owner_privacy',
          `private is not available in ${body.state}`,
          `Send "owner_privacy": "public", or form the company in one of ${PRIVATE_OWNER_STATES.join(', ')}, such as "state": "WY".`,
          'enum',
        ),
      ]
    : [];
