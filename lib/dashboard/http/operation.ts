import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { z } from 'zod';
import { requestState } from '../../http/middleware/request-state';
import { errorEnvelope } from '../../http/middleware/error-envelope';
import { jsonBody } from '../../http/middleware/json-body';
import { parseOrRefuse } from '../../errors';
import { queryOf } from '../../http/core/query';
import { toProxyResult } from '../../http/api-operation';
import type { ApiResponse } from '../../http/core/types';
import { dashboardHeaders } from './headers';
import { formBody } from './body';
import { sessionAuth } from './session-auth';
import { pageErrors } from './page-errors';
import type { DashboardAuth, DashboardContext, DashboardRequest, FormFields } from './types';

type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export interface DashboardDef<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, A> {
  params?: P;
  query?: Q;
  /** JSON face: the body schema. Pages get the form fields unparsed (`FormFields`). */
  body?: B;
  handle: (request: Omit<DashboardRequest<z.output<P>, z.output<Q>, z.output<B>>, 'auth'> & { auth: A }) => Promise<ApiResponse>;
}

/** A page's answer: HTML or a redirect, with any number of cookies. */
export type PageResponse = ApiResponse & { cookies?: string[] };

export interface PageDef<P extends z.ZodType, Q extends z.ZodType, A> {
  params?: P;
  query?: Q;
  handle: (request: Omit<DashboardRequest<z.output<P>, z.output<Q>, FormFields | undefined>, 'auth'> & { auth: A }) => Promise<PageResponse>;
}

function pageCore<P extends z.ZodType, Q extends z.ZodType, A>(def: PageDef<P, Q, A>) {
  return async (event: APIGatewayProxyEvent, context: DashboardContext): Promise<APIGatewayProxyResult> => {
    let cookies: string[] | undefined;
    const result = await core({
      params: def.params,
      query: def.query,
      handle: async (request) => {
        const response = await def.handle(request as never);
        cookies = response.cookies;
        return response;
      },
    })(event, context);
    return cookies?.length ? { ...result, multiValueHeaders: { 'Set-Cookie': cookies } } : result;
  };
}

function core<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, A>(def: DashboardDef<P, Q, B, A>) {
  return async (event: APIGatewayProxyEvent, context: DashboardContext): Promise<APIGatewayProxyResult> => {
    const state = context.state;
    const params = def.params ? parseOrRefuse(def.params, event.pathParameters ?? {}, 'path') : {};
    const query = def.query ? parseOrRefuse(def.query, queryOf(event), 'query string') : {};
    const body = def.body ? parseOrRefuse(def.body, state.body ?? {}, 'body') : state.body;
    const response = await def.handle({ auth: context.dashboard as A, params, query, body, state, event } as never);
    return toProxyResult(response);
  };
}

/**
 * The dashboard's JSON face (`/dashboard/api/…`): request id → security headers → the spec's error
 * envelope → JSON body → session (cookie + CSRF, or bearer token) → validation → your `handle`.
 */
export function dashboardApi<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(def: DashboardDef<P, Q, B, DashboardAuth>): Handler {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, DashboardContext>(core(def))
    .use(requestState())
    .use(dashboardHeaders())
    .use(errorEnvelope())
    .use(jsonBody({ maxBytes: 64 * 1024 }))
    .use(sessionAuth()) as unknown as Handler;
}

/** JSON routes used before there is a session (sign-in). */
export function publicDashboardApi<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(def: DashboardDef<P, Q, B, undefined>): Handler {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, DashboardContext>(core(def))
    .use(requestState())
    .use(dashboardHeaders())
    .use(errorEnvelope())
    .use(jsonBody({ maxBytes: 64 * 1024 })) as unknown as Handler;
}

/**
 * A dashboard page: like the JSON face, but forms instead of JSON, readable error pages instead of
 * the envelope, and a browser without a live session is sent to sign-in.
 */
export function dashboardPage<P extends z.ZodType, Q extends z.ZodType>(def: PageDef<P, Q, DashboardAuth>): Handler {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, DashboardContext>(pageCore(def))
    .use(requestState())
    .use(dashboardHeaders())
    .use(pageErrors())
    .use(formBody())
    .use(sessionAuth()) as unknown as Handler;
}

/** Pages shown before sign-in (the sign-in forms, the local outbox). */
export function publicDashboardPage<P extends z.ZodType, Q extends z.ZodType>(def: PageDef<P, Q, undefined>): Handler {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, DashboardContext>(pageCore(def))
    .use(requestState())
    .use(dashboardHeaders())
    .use(pageErrors())
    .use(formBody()) as unknown as Handler;
}
