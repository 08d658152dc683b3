import { ApiError } from '../errors';
import type { StaffRole } from '../store/entities/staff-member';

export type { StaffRole };

export const STAFF_ROLES: readonly StaffRole[] = ['owner', 'developer', 'finance'];

/**
 * What the dashboard is made of, as far as who may use it goes. Every dashboard route belongs to one
 * area by its path (`areaOfPath`), so a new route is either placed here or refused to everyone.
 */
export type DashboardArea =
  | 'self'
  | 'overview'
  | 'keys'
  | 'webhook-endpoints'
  | 'events'
  | 'requests'
  | 'settings'
  | 'sandbox-clock'
  | 'invoices'
  | 'staff'
  | 'audit';

/**
 * Roles (the dashboard's part of the API surface, "Staff, sessions and audit"): an owner may do
 * everything; a developer keys, endpoints, events, requests and versions; finance invoices and the
 * overview, nothing secret. Every role has its own sessions and sign-out.
 */
export const AREAS_OF_ROLE: Readonly<Record<StaffRole, readonly DashboardArea[]>> = {
  owner: ['self', 'overview', 'keys', 'webhook-endpoints', 'events', 'requests', 'settings', 'sandbox-clock', 'invoices', 'staff', 'audit'],
  developer: ['self', 'overview', 'keys', 'webhook-endpoints', 'events', 'requests', 'settings', 'sandbox-clock'],
  finance: ['self', 'overview', 'invoices'],
};

/** The first path segment after `/dashboard` or `/dashboard/api` → the area it belongs to. */
const AREA_OF_SEGMENT: Readonly<Record<string, DashboardArea>> = {
  '': 'overview',
  'sign-out': 'self',
  sessions: 'self',
  'step-up': 'self',
  keys: 'keys',
  'webhook-endpoints': 'webhook-endpoints',
  events: 'events',
  requests: 'requests',
  settings: 'settings',
  'sandbox-clock': 'sandbox-clock',
  invoices: 'invoices',
  staff: 'staff',
  audit: 'audit',
};

/** The area of a signed-in dashboard route, by its path template; undefined for a path no area holds. */
export function areaOfPath(path: string): DashboardArea | undefined {
  const rest = path.replace(/^\/dashboard(\/api)?/, '');
  const segment = rest.split('/')[1] ?? '';
  return Object.hasOwn(AREA_OF_SEGMENT, segment) ? AREA_OF_SEGMENT[segment] : undefined;
}

export function roleMayUse(role: StaffRole, area: DashboardArea | undefined): boolean {
  return area !== undefined && AREAS_OF_ROLE[role].includes(area);
}

const AREA_WORDS: Record<DashboardArea, string> = {
  self: 'your own sessions',
  overview: 'the overview',
  keys: 'API keys',
  'webhook-endpoints': 'webhook endpoints',
  events: 'events',
  requests: 'the request log',
  settings: 'versions',
  'sandbox-clock': 'the test clock',
  invoices: 'invoices',
  staff: 'staff',
  audit: 'the audit log',
};

/** 403 `insufficient_scope`: `what` is an owner's act within an area the role otherwise reaches. */
export function ownerOnly(role: StaffRole, what: string): ApiError {
  return new ApiError('insufficient_scope', `${what} is for owners; your role is ${role}.`, [
    {
      reason: `role '${role}' is not owner`,
      validation_type: 'custom',
      how_to_fix: 'Ask an owner of your dashboard to do it, or to invite you as an owner.',
    },
  ]);
}

/** 403 `insufficient_scope`: the role does not reach this part of the dashboard; an owner can change who may. */
export function roleRefused(role: StaffRole, area: DashboardArea | undefined): ApiError {
  const may = AREAS_OF_ROLE[role].filter((a) => a !== 'self').map((a) => AREA_WORDS[a]);
  return new ApiError('insufficient_scope', `The ${role} role cannot use ${area ? AREA_WORDS[area] : 'this page'}.`, [
    {
      reason: `role '${role}' does not include ${area ? AREA_WORDS[area] : 'this route'}`,
      validation_type: 'custom',
      how_to_fix: `Ask an owner of your dashboard to invite you with a role that includes it (owner: everything; developer: keys, endpoints, events, requests, versions; finance: invoices). Your role reaches ${may.join(', ')}.`,
    },
  ]);
}
