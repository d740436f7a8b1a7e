import type { FastifyInstance } from 'fastify';
import { WEEKLY_SUMMARY_MSG, WEEKLY_UNSUBSCRIBE_PATH, WEEKLY_UNSUBSCRIBE_TOKEN_MAX } from '@vuxo/shared';
import { z } from 'zod';
import type { WeeklySummary } from '../services/email/weekly-summary.js';

const tokenQuerySchema = z.object({ token: z.string().max(WEEKLY_UNSUBSCRIBE_TOKEN_MAX).default('') });
const FORM_MAX_BYTES = 1024;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Vuxo</title></head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">${body}</body></html>`;

/**
 * The weekly summary's unsubscribe (RFC 8058). POST is the one click: a mail client posts
 * `List-Unsubscribe=One-Click` to the List-Unsubscribe address. GET, the footer link a person opens, only
 * shows a button that posts, so a link scanner's visit unsubscribes no one.
 */
export function emailRoutes(app: FastifyInstance, deps: { weeklySummary: WeeklySummary }) {
  app.get(WEEKLY_UNSUBSCRIBE_PATH, async (request, reply) => {
    const parsed = tokenQuerySchema.safeParse(request.query);
    const token = parsed.success ? parsed.data.token : '';
    void reply.type('text/html; charset=utf-8');
    return page(
      `<p>${escapeHtml(WEEKLY_SUMMARY_MSG.confirm)}</p><form method="post" action="${WEEKLY_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(WEEKLY_SUMMARY_MSG.button)}</button></form>`,
    );
  });

  app.register(async (oneClick) => {
    // The one click arrives as a form post; its body says nothing the token does not.
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    oneClick.post(WEEKLY_UNSUBSCRIBE_PATH, async (request, reply) => {
      const parsed = tokenQuerySchema.safeParse(request.query);
      const done = parsed.success && (await deps.weeklySummary.unsubscribe(parsed.data.token));
      void reply.code(done ? 200 : 400).type('text/html; charset=utf-8');
      return page(`<p>${escapeHtml(done ? WEEKLY_SUMMARY_MSG.done : WEEKLY_SUMMARY_MSG.invalidLink)}</p>`);
    });
  });
}
