import { getSandboxClock } from './get-sandbox-clock';
import { advanceSandboxClock } from './advance-sandbox-clock';
import { dashboardSandboxClock } from './page-sandbox-clock';
import { dashboardAdvanceSandboxClock } from './page-advance-sandbox-clock';
import { dashboardApiGetSandboxClock } from './api-get-sandbox-clock';
import { dashboardApiAdvanceSandboxClock } from './api-advance-sandbox-clock';

/**
 * The sandbox clock (docs/decisions.md, "The sandbox clock"; docs/openapi.json): test keys only; and the dashboard's test clock
 * (its page, its form, their JSON face), which acts on the signed-in partner's test mode.
 */
export const sandboxClockRoutes = [
  getSandboxClock,
  advanceSandboxClock,
  dashboardSandboxClock,
  dashboardAdvanceSandboxClock,
  dashboardApiGetSandboxClock,
  dashboardApiAdvanceSandboxClock,
];
