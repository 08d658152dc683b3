import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { ApiContext, RequestState } from '../../http/core/types';
import type { DashboardSession } from '../session';

/** How the request proved who it is: the cookie of a browser, or a script's bearer token. */
export interface DashboardAuth {
  session: DashboardSession;
  token: string;
  via: 'cookie' | 'bearer';
}

export type DashboardContext = ApiContext & { dashboard?: DashboardAuth };

export interface DashboardRequest<P, Q, B> {
  auth: DashboardAuth;
  params: P;
  query: Q;
  body: B;
  state: RequestState;
  event: APIGatewayProxyEvent;
}

/** A form's fields: repeated names (checkboxes) become arrays. */
export type FormFields = Record<string, string | string[]>;
