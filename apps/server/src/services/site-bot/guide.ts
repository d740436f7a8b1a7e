import { BRAND, MESSAGES_PER_DAY, PLANS, WIZARD_STEP_TITLES, type Plan } from '@vuxo/shared';

/** Where the site bot's facts come from besides the product's own constants. */
export interface GuideContact {
  supportEmail: string;
  publicPhone: string;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

function planLine(plan: Plan): string {
  const bots =
    plan.maxBots === null
      ? 'unlimited chatbots'
      : `up to ${plan.maxBots} chatbot${plan.maxBots === 1 ? '' : 's'}`;
  return `- ${plan.name} (${plan.priceText}): ${bots}; ${plan.features.join(', ')}.`;
}

/**
 * The document the site's own chat bot answers from: what the company offers and how the product works,
 * written from the same constants the product uses (plans, limits, wizard steps), so it never disagrees
 * with the site. Markdown headings become the sections the bot names as its sources.
 */
export function siteGuide(contact: GuideContact): string {
  const steps = WIZARD_STEP_TITLES.map((title, i) =>
    i === WIZARD_STEP_TITLES.length - 1 ? `and ${title}` : title,
  ).join(', ');
  const plans = Object.values(PLANS).map(planLine).join('\n');
  return `# ${BRAND} guide

## About ${BRAND}
${BRAND} makes AI simple, affordable and within reach of every business. Our products are an AI chatbot builder, a voice agent that answers your business calls 24/7, and a demo hub where you can try them.

## Services
We also offer services: AI consultancy, workshops, app development, website development and a health-focused AI programme.

## Chatbot builder
Build your own AI chatbot in minutes, with no code. Sign in with your Google account, upload one business document, and the wizard builds a chatbot that answers your customers' questions from it, in the tone you choose. The wizard's seven steps are ${steps}.

## Documents
Upload one business document per chatbot: a PDF, a Word document (.doc or .docx) or a text file (.txt), up to ${megabytes(PLANS.trial.documentMaxBytes)} on the Free Trial, ${megabytes(PLANS.basic.documentMaxBytes)} on Basic and ${megabytes(PLANS.pro.documentMaxBytes)} on Pro. Good documents answer what your customers ask most often. Scanned PDFs and photos (JPEG, PNG or WebP) of a menu or price list are read by OCR: check the text the wizard shows, as it may contain mistakes.

## Tone and creativity
Choose the tone your chatbot answers in: friendly, professional, casual or formal. Restricted creativity answers only from your document and points visitors to your email when the document has no answer; balanced creativity uses your document first and adds general knowledge when a language model is connected.

## Plans and prices
Every account starts on the Free Trial. Paid plans are billed monthly by card and can be chosen on the Plans page.
${plans}

## Deleting a chatbot
Deleting a chatbot needs a paid plan. On the Free Trial your chatbot stays; choose a paid plan on the Plans page to delete it.

## Dashboard
The dashboard lists your chatbots with their status: Configuring and Processing while the document is being read, then Ready. From there you can chat with a chatbot, share it, or delete it on a paid plan.

## Sharing and the chat widget
Share a chatbot as a public chat page, or add the chat widget to your own website with one line of HTML that the Share dialog gives you. You can limit the widget to the websites you list as allowed domains.

## Message limit
Each website visitor can send ${MESSAGES_PER_DAY} messages a day to a chatbot. The count starts again the next day.

## Phone agent
The voice agent answers your business phone calls 24/7. It is part of our paid plans; a dedicated lead helps you set it up.

## Contact
Email us at ${contact.supportEmail} or call ${contact.publicPhone}.
`;
}
