import { API_REFERENCE_MSG } from '@vuxo/shared/messages';
import { PUBLIC_API } from '@vuxo/shared/public-api';
import { openApiDocumentSchema, type OpenApiDocument } from '@vuxo/shared/schemas';
import { requestApi } from '../../app/api-client';

/** GET /api/v1/openapi.json: the public API's document, which the reference page lists. */
export const getOpenApiDocument = (): Promise<OpenApiDocument> =>
  requestApi(PUBLIC_API.openapi, {}, openApiDocumentSchema, () => API_REFERENCE_MSG.loadFailed);
