import type { FastifyInstance } from 'fastify';
import {
  MAIL_CONFIRM_MSG,
  MAIL_CONFIRM_PATH,
  MAIL_CONFIRM_TOKEN_MAX,
  WEEKLY_SUMMARY_MSG,
  WEEKLY_UNSUBSCRIBE_PATH,
  WEEKLY_UNSUBSCRIBE_TOKEN_MAX,
} from '@vuxo/shared';
import { z } from 'zod';
import type { MailAddresses } from '../services/email/mail-addresses.js';
import type { WeeklySummary } from '../services/email/weekly-summary.js';

const tokenQuery = (max: number) => z.object({ token: z.string().max(max).default('') });
const unsubscribeQuery = tokenQuery(WEEKLY_UNSUBSCRIBE_TOKEN_MAX);
const confirmQuery = tokenQuery(MAIL_CONFIRM_TOKEN_MAX);
const confirmForm = z.object({ answer: z.enum(['confirm', 'refuse']) });
const FORM_MAX_BYTES = 1024;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Vuxo</title></head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">${body}</body></html>`;
const tokenOf = (schema: typeof unsubscribeQuery, query: unknown) => {
  const parsed = schema.safeParse(query);
  return parsed.success ? parsed.data.token : '';
};

/**
 * The links in the product's mails. Each GET only shows a page whose button posts, so a link scanner's visit
 * changes nothing. The weekly summary's unsubscribe (RFC 8058): POST is the one click a mail client posts as
 * `List-Unsubscribe=One-Click`. An address's confirmation (decision 085): its holder says yes or "never again".
 */
export function emailRoutes(
  app: FastifyInstance,
  deps: { weeklySummary: WeeklySummary; mailAddresses: MailAddresses },
) {
  app.get(WEEKLY_UNSUBSCRIBE_PATH, async (request, reply) => {
    const token = tokenOf(unsubscribeQuery, request.query);
    void reply.type('text/html; charset=utf-8');
    return page(
      `<p>${escapeHtml(WEEKLY_SUMMARY_MSG.confirm)}</p><form method="post" action="${WEEKLY_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(WEEKLY_SUMMARY_MSG.button)}</button></form>`,
    );
  });

  app.get(MAIL_CONFIRM_PATH, async (request, reply) => {
    const token = tokenOf(confirmQuery, request.query);
    const asked = await deps.mailAddresses.describe(token);
    void reply.code(asked ? 200 : 400).type('text/html; charset=utf-8');
    if (!asked) return page(`<p>${escapeHtml(MAIL_CONFIRM_MSG.invalidLink)}</p>`);
    const action = `${MAIL_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
    const button = (answer: string, label: string) =>
      `<form method="post" action="${action}"><input type="hidden" name="answer" value="${answer}"><button type="submit">${escapeHtml(label)}</button></form>`;
    return page(
      `<p>${escapeHtml(MAIL_CONFIRM_MSG.question(asked.address, asked.owner))}</p>${button('confirm', MAIL_CONFIRM_MSG.confirm)}${button('refuse', MAIL_CONFIRM_MSG.refuse)}`,
    );
  });

  app.register(async (forms) => {
    // The buttons arrive as form posts: a short body, read as a string.
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    forms.post(WEEKLY_UNSUBSCRIBE_PATH, async (request, reply) => {
      const token = tokenOf(unsubscribeQuery, request.query);
      const done = token !== '' && (await deps.weeklySummary.unsubscribe(token));
      void reply.code(done ? 200 : 400).type('text/html; charset=utf-8');
      return page(`<p>${escapeHtml(done ? WEEKLY_SUMMARY_MSG.done : WEEKLY_SUMMARY_MSG.invalidLink)}</p>`);
    });
    forms.post(MAIL_CONFIRM_PATH, async (request, reply) => {
      const token = tokenOf(confirmQuery, request.query);
      const form = confirmForm.safeParse(Object.fromEntries(new URLSearchParams(String(request.body ?? ''))));
      const answer = form.success ? form.data.answer : 'confirm';
      const address = form.success
        ? await (answer === 'confirm' ? deps.mailAddresses.confirm(token) : deps.mailAddresses.refuse(token))
        : null;
      void reply.code(address ? 200 : 400).type('text/html; charset=utf-8');
      if (!address) return page(`<p>${escapeHtml(MAIL_CONFIRM_MSG.invalidLink)}</p>`);
      const done = answer === 'confirm' ? MAIL_CONFIRM_MSG.confirmed : MAIL_CONFIRM_MSG.refused;
      return page(`<p>${escapeHtml(done(address))}</p>`);
    });
  });
}
