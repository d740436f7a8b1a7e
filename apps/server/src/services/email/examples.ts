import { createElement, type ReactElement } from 'react';
import {
  MAIL_CONFIRM_PATH,
  PLANS,
  PLAN_CURRENCY,
  ROUTES,
  WEEKLY_UNSUBSCRIBE_PATH,
  requestReplyLink,
} from '@vuxo/shared';
import { PlanEndedMail, PlanEndingMail, ReceiptMail, WeeklySummaryMail } from './messages/plan-mails.js';
import { AddressConfirmationMail } from './messages/address-confirmation.js';
import { SourceFailingMail } from './messages/source-failing.js';
import { VisitorRequestMail } from './messages/visitor-request.js';
import { moneyText } from './plan-mails.js';
import { renderMail } from './outbox.js';

/** Where the rendered examples live, from the repository's root; the README links each. */
export const EMAIL_EXAMPLES_DIR = 'docs/email';

const site = 'http://localhost:3000';
const proPrice = moneyText(PLANS.pro.amountCents ?? 0, PLAN_CURRENCY);
const request = {
  name: 'Dana',
  email: 'dana@example.org',
  phone: null,
  question: 'Do you offer dental cleaning on Saturdays?',
};

/**
 * Every message the product sends, made by its real component with sample data: what `npm run emails` renders
 * into docs/email (an .html file and its plain-text part each), so the README shows what owners receive.
 */
export const EMAIL_EXAMPLES: { name: string; body: ReactElement }[] = [
  {
    name: 'visitor-request',
    body: createElement(VisitorRequestMail, {
      botName: 'Harbour Clinic',
      ...request,
      conversation: [
        { question: 'Do you offer dental cleaning?', reply: "I couldn't find that in our information." },
      ],
      requestsUrl: `${site}/dashboard/bots/bot_example#requests`,
      replyUrl: requestReplyLink(request, 'Harbour Clinic'),
    }),
  },
  {
    name: 'address-confirmation',
    body: createElement(AddressConfirmationMail, {
      address: 'front-desk@harbour-clinic.example',
      owner: 'owner@harbour-clinic.example',
      confirmUrl: `${site}${MAIL_CONFIRM_PATH}?token=example`,
    }),
  },
  {
    name: 'plan-ending',
    body: createElement(PlanEndingMail, {
      planName: 'Basic',
      endsOn: 'December 4, 2026',
      renewUrl: `${site}${ROUTES.plans}`,
    }),
  },
  {
    name: 'plan-ended',
    body: createElement(PlanEndedMail, {
      planName: 'Basic',
      endedOn: 'December 4, 2026',
      renewUrl: `${site}${ROUTES.plans}`,
    }),
  },
  {
    name: 'payment-receipt',
    body: createElement(ReceiptMail, {
      planName: 'Pro',
      amount: proPrice,
      periodStart: 'November 27, 2026',
      periodEnd: 'December 27, 2026',
      paymentId: 'pay_example',
    }),
  },
  {
    name: 'weekly-summary',
    body: createElement(WeeklySummaryMail, {
      bots: [
        {
          name: 'Harbour Clinic',
          conversations: 42,
          missed: 5,
          openRequests: 2,
          changes: [
            'Prices: Price of Initial assessment: $110 → $120',
            'Prices: 2 sentences added, 1 removed (https://harbour-clinic.example/prices)',
          ],
        },
        { name: 'Harbour Shop', conversations: 7, missed: 0, openRequests: 0 },
      ],
      dashboardUrl: `${site}${ROUTES.dashboard}`,
      unsubscribeUrl: `${site}${WEEKLY_UNSUBSCRIBE_PATH}?token=example`,
    }),
  },
  {
    name: 'source-failing',
    body: createElement(SourceFailingMail, {
      botName: 'Harbour Clinic',
      url: 'https://harbour-clinic.example/prices',
      reason: 'The website answered with an error instead of the page.',
      since: 'December 1, 2026',
      reads: 3,
      botUrl: `${site}${ROUTES.botInsights('bot_example')}`,
    }),
  },
];

/** Each example's files, by name under docs/email: `{name}.html` and its plain-text part `{name}.txt`. */
export async function renderEmailExamples(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const example of EMAIL_EXAMPLES) {
    const { html, text } = await renderMail(example.body);
    files.set(`${example.name}.html`, html);
    files.set(`${example.name}.txt`, text);
  }
  return files;
}
