import type { Route } from './route';

export const foundationRoutes: Route[] = [
  { method: 'GET', path: '/v1/me', operation: 'getMe', handler: 'functions/api/get-me.ts', audience: 'partner' },
  { method: 'GET', path: '/v1/products', operation: 'listProducts', handler: 'functions/api/list-products.ts', audience: 'partner' },
  { method: 'GET', path: '/docs', operation: 'apiReference', handler: 'functions/pages/api-reference.ts', audience: 'public' },
  { method: 'GET', path: '/docs/assets/redoc.standalone.js', operation: 'apiReferenceRenderer', handler: 'functions/pages/reference-asset.ts', audience: 'public' },
  { method: 'GET', path: '/docs/partner/errors', operation: 'errorReference', handler: 'functions/pages/error-reference.ts', audience: 'public' },
];
