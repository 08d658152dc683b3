import type { APIGatewayProxyEvent } from 'aws-lambda';
import { getCompany } from '../store/entities/company';
import { header, type ApiResponse } from '../http/core/types';
import { wantsJson } from './wants-json';
import { resolveStatusToken } from '../status-tokens/status-tokens';
import { statusView } from '../status-tokens/status-view';
import { HTML_HEADERS } from './layout';
import { statusNotFoundPage, statusPage } from './status-page';
import { ApiError } from '../errors';

/** GET /status/{token}: the page, or JSON with `Accept: application/json`; an unknown or revoked token is 404. */
export async function serveStatus(event: APIGatewayProxyEvent): Promise<ApiResponse> {
  const json = wantsJson(header(event, 'accept'));
  const found = await resolveStatusToken(event.pathParameters?.token ?? '');
  const company = found ? await getCompany(found.scope, found.companyId) : undefined;
  if (!company) {
    if (json) throw new ApiError('resource_missing', 'No such status link.');
    return { status: 404, text: statusNotFoundPage(), headers: HTML_HEADERS };
  }
  const view = statusView(company);
  if (json) return { status: 200, body: view, headers: { 'Cache-Control': 'no-store' } };
  return { status: 200, text: statusPage(view), headers: HTML_HEADERS };
}
