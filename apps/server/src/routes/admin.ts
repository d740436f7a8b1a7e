import type { FastifyInstance } from 'fastify';
import {
  API,
  adminListParamsSchema,
  adminListQuerySchema,
  adminListResponseSchema,
  type AdminListResponse,
} from '@vuxo/shared';
import type { AuthHandlers } from '../http/authenticate.js';
import { replies } from '../http/response-schemas.js';
import type { AdminService } from '../services/admin.js';

export interface AdminRouteDeps {
  auth: AuthHandlers;
  admin: AdminService;
  /** ADMIN_EMAILS, lowercased. */
  adminEmails: readonly string[];
}

/** The staff console's API: a page of one list, searched; 404 to anyone not on ADMIN_EMAILS. */
export function adminRoutes(app: FastifyInstance, deps: AdminRouteDeps) {
  app.get(
    API.adminList,
    { preHandler: deps.auth.staffOnly(deps.adminEmails), ...replies(adminListResponseSchema) },
    async (request): Promise<AdminListResponse> => {
      const { list } = adminListParamsSchema.parse(request.params);
      const { q, page } = adminListQuerySchema.parse(request.query);
      return deps.admin.list(list, q, page);
    },
  );
}
