import type { APIGatewayProxyEvent } from 'aws-lambda';
import { getCompany } from '../store/entities/company';
import { legalName } from '../resources/legal-name';
import { ApiError } from '../errors';
import type { ApiResponse } from '../http/core/types';
import { parseMultipart } from '../http/core/multipart';
import { uploadFile } from '../files/upload-file';
import { findSession, isExpired, markSubmitted, reopenSession, type StoredSession } from '../verification-sessions/verification-sessions';
import { HTML_HEADERS } from './layout';
import { verifyDonePage, verifyExpiredPage, verifyNotFoundPage, verifyUploadPage } from './verify-page';

const html = (status: number, text: string): ApiResponse => ({ status, text, headers: HTML_HEADERS });

async function uploadPage(session: StoredSession, error?: string, status = 200): Promise<ApiResponse> {
  const company = await getCompany(session.scope, session.company);
  const owner = company?.shareholders.find((s) => s.id === session.shareholder);
  if (!company || !owner || company.status === 'dissolved') return html(404, verifyNotFoundPage());
  return html(
    status,
    verifyUploadPage({
      ownerFirstName: owner.first_name,
      companyName: legalName(company.name, company.name_style, company.ending),
      expiresAt: session.expires_at,
      error,
    }),
  );
}

/** GET /verify/{session}: the upload page; expired → a clear page (410); used → the thank-you page. */
export async function serveVerifyPage(event: APIGatewayProxyEvent): Promise<ApiResponse> {
  const session = await findSession(event.pathParameters?.session ?? '');
  if (!session) return html(404, verifyNotFoundPage());
  if (session.status === 'submitted') return html(200, verifyDonePage());
  if (isExpired(session)) return html(410, verifyExpiredPage());
  return uploadPage(session);
}

/**
 * POST /verify/{session}: the owner's document, through the same upload as POST /files (policy,
 * sniffing, `company.document.received`, verification); a refused file shows the page again with why.
 */
export async function submitVerifyPage(event: APIGatewayProxyEvent): Promise<ApiResponse> {
  const session = await findSession(event.pathParameters?.session ?? '');
  if (!session) return html(404, verifyNotFoundPage());
  if (session.status === 'submitted') return html(200, verifyDonePage());
  if (isExpired(session)) return html(410, verifyExpiredPage());
  try {
    const form = await parseMultipart(event, 6 * 1024 * 1024);
    const file = form.files.file;
    if (!file || file.bytes.length === 0) return uploadPage(session, 'Choose a photo or scan of your ID first.', 400);
    if (!(await markSubmitted(session))) return html(410, verifyExpiredPage());
    await uploadFile(session.scope, {
      purpose: 'identity_document',
      bytes: file.bytes,
      company: session.company,
      shareholder: session.shareholder,
    }).catch(async (error) => {
      await reopenSession(session);
      throw error;
    });
    return html(200, verifyDonePage());
  } catch (error) {
    if (error instanceof ApiError && error.code !== 'api_error') {
      const reason = error.errors?.[0]?.how_to_fix ?? error.detail ?? 'The file could not be used.';
      return uploadPage(session, `We could not use that file. ${reason}`, 400);
    }
    throw error;
  }
}
