import { BRAND } from '@vuxo/shared/brand';
import { MESSAGES_PER_DAY } from '@vuxo/shared/limits';
import { ROUTES, type BlogArticle } from '@vuxo/shared/routes';
import type { MarketingContent } from './types';

/** The blog's articles: general advice, and where they speak of the product, only what it does today. */
export const BLOG_ARTICLE_CONTENT: Record<BlogArticle, MarketingContent> = {
  'first-questions-for-a-website-chatbot': {
    eyebrow: 'Blog · Website chat',
    title: 'Five questions your website chatbot should answer on day one',
    lead: 'Hours, prices, booking, location and returns: start with the questions customers ask most, and make sure your document answers them in plain words.',
    prose: [
      {
        heading: 'Start with what people already ask you',
        paragraphs: [
          'Before you write anything new, look at the last month of emails, calls and messages. Most small businesses find that a handful of questions make up most of what customers ask: when are you open, how much does it cost, can I book, where are you, and what if something goes wrong.',
          'A chatbot earns trust in its first few answers. If those five questions get clear, correct replies, visitors keep asking; if the first answer is vague, they leave for the phone or for a competitor.',
        ],
      },
      {
        heading: 'The five',
        paragraphs: [
          'Opening hours, including holidays and any day that differs from the rest. Prices, or at least how a price is worked out and what is included. How to book or order, with the exact steps. Where you are, with parking or transit notes if they matter. Returns, cancellations and refunds, with the time limits spelled out.',
          'Write each answer as a short paragraph under a clear heading, in the words customers use. "Refunds" under a heading that says "Refunds" is found; the same rule buried in a long terms section often is not.',
        ],
      },
      {
        heading: 'Let the bot say when it does not know',
        paragraphs: [
          `A good assistant declines rather than guesses. ${BRAND} answers from your document only; when the document does not hold the answer, the bot says so and points the visitor to the contact address you choose, so nobody is given a made-up price or policy.`,
          `Each visitor can send ${MESSAGES_PER_DAY} messages a day, which is plenty for real questions and keeps the bot from being used as a free general-purpose assistant.`,
        ],
      },
      {
        heading: 'Check the first ten answers yourself',
        paragraphs: [
          'Once the bot is built, ask it the five questions the way a customer would, with typos and all. Where an answer is wrong or missing, fix the document, not the question: a clearer sentence in the document helps every visitor who asks the same thing in other words.',
        ],
      },
    ],
    cta: {
      title: 'Try it on your own document',
      text: 'Upload one business document and ask your new chatbot the five questions.',
      action: { label: 'Start building', to: ROUTES.wizard },
    },
  },
  'what-a-missed-call-costs': {
    eyebrow: 'Blog · Phone',
    title: 'What a missed call really costs you',
    lead: 'A simple way to estimate the revenue that goes to voicemail, so you can decide what answering every call is worth to your business.',
    prose: [
      {
        heading: 'Count the calls you miss',
        paragraphs: [
          'Most phone systems and carriers list missed calls. Take two ordinary weeks and count the calls that rang out or went to voicemail, and note when they came in: lunch hours, evenings and the first hour of the morning are the usual gaps.',
          'Then count how many of those callers called back or left a message you could act on. The rest are the calls that may have gone elsewhere.',
        ],
      },
      {
        heading: 'Put a number on it',
        paragraphs: [
          'Multiply three figures: missed calls a month that did not call back, the share of calls that usually become a booking or a sale, and the value of an average booking. Forty lost calls a month, a one-in-four booking rate and an average booking of $120 come to $1,200 a month.',
          'The estimate is rough, and that is fine: its job is to show whether the gap is worth a few dollars a month or a few thousand, not to be exact.',
        ],
      },
      {
        heading: 'Ways to close the gap',
        paragraphs: [
          'Some gaps close with a change of hours or a second person at lunch. Others need calls answered when nobody can be there: an answering service, a call-back promise in the voicemail greeting, or a phone agent that answers routine questions from your own information.',
          `${BRAND} sets phone agents up with each business: the set-up form records your plan, website, documents, the number you want and the voice, and a member of our team works out the rest with you.`,
        ],
      },
    ],
    cta: {
      title: 'Talk to us about your calls',
      text: 'Tell us what callers ask and when, and we will tell you what a phone agent could take on.',
      action: { label: 'Set up my phone agent', to: ROUTES.personalize(1) },
    },
  },
  'preparing-a-document-for-a-chatbot': {
    eyebrow: 'Blog · Getting started',
    title: 'From one document to fewer support emails',
    lead: 'How to prepare the one document your chatbot learns from, so it answers routine questions well and declines the rest.',
    prose: [
      {
        heading: 'One document, written for customers',
        paragraphs: [
          `A ${BRAND} chatbot learns from one business document: a PDF, a Word file or a text file. The best ones are written for customers, not for staff: a handbook, an FAQ, a price list with its conditions, a welcome pack.`,
          'If your information is spread over several files, gather the customer-facing parts into one. Internal notes, draft prices and anything you would not say to a customer do not belong in it.',
        ],
      },
      {
        heading: 'Headings carry meaning',
        paragraphs: [
          'The bot reads your document section by section, and headings tell it what each section is about. "Opening hours", "Prices", "Booking", "Cancellations" make answers easier to find than one long page of text.',
          'Question-and-answer pairs work especially well: a line that asks "Can I bring my dog?" followed by the answer matches visitors who ask the same thing.',
        ],
      },
      {
        heading: 'Be specific',
        paragraphs: [
          'Numbers, dates, times and names are what people ask for. "We open at 8 a.m. on weekdays and 10 a.m. on Saturdays" answers more questions than "we open early". State limits and exceptions in the same sentence as the rule they qualify.',
          'Scanned pages without text cannot be read; export the document from the program you wrote it in, or use a text version.',
        ],
      },
      {
        heading: 'Try it, then improve the document',
        paragraphs: [
          'After the bot is built, ask it what your customers ask. When an answer misses, the fix is usually a clearer sentence or a better heading in the document, and every bot built from the improved version benefits.',
        ],
      },
    ],
    cta: {
      title: 'Build your chatbot',
      text: 'Upload your document and see how it answers.',
      action: { label: 'Start building', to: ROUTES.wizard },
    },
  },
};
