import { updateSettingsBody } from '../../dashboard/settings';
import { dashboardApi } from '../core/operation';

export const dashboardApiUpdateSettings = dashboardApi('api-update-settings', {
  method: 'POST',
  path: '/dashboard/api/settings',
  operation: 'dashboardApiUpdateSettings',
  body: updateSettingsBody,
});
