import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { availableVersions, isKnownVersion } from '../../versioning/versions';
import { ApiError } from '../../errors';
import { header, type ApiContext } from '../core/types';

/** Spec Versioning 2–4: `Service-Version` pins; otherwise the partner's pinned default applies. */
export function apiVersion(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    name: 'apiVersion',
    before: (request) => {
      const state = request.context.state;
      const asked = header(request.event, 'service-version');
      if (asked !== undefined) {
        if (!isKnownVersion(asked.trim())) {
          throw new ApiError(
            'invalid_api_version',
            `'${asked}' is not a version of this API. Available: ${availableVersions().join(', ')}.`,
            [
              {
                reason: 'unknown version',
                location: '$.headers.Service-Version',
                validation_type: 'enum',
                how_to_fix: `Send one of ${availableVersions().join(', ')} (YYYY-MM-DD), such as Service-Version: ${availableVersions().at(-1)}, or omit the header to use your pinned default.`,
              },
            ],
          );
        }
        state.version = asked.trim();
      } else {
        state.version = state.caller?.partner.api_version;
      }
    },
  };
}
