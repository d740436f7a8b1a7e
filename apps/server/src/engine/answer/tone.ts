import { NO_CONTACT_DECLINES } from '@vuxo/shared/messages';
import type { Tone } from '@vuxo/shared/bot';

/**
 * The wording each tone gives the parts of an answer that are not the document's facts: a greeting's reply, closers,
 * the polite "not in my documents" and the small talk. Facts are always the document's own sentences.
 * A phrase is picked by a hash of the question, so the same question reads the same way every time.
 */
export interface ToneWords {
  /** Opens an answer to a question that came with a greeting ('Hi, are you open on Sunday?'). */
  hello: string;
  /** Introduces a list of points. */
  listIntro: string[];
  closers: string[];
  decline: ((email: string) => string)[];
  /** Opens an answer the engine is unsure of (issue 44): the closest it found, said so, never "I don't know". */
  unsureLead: string;
  /** Closes an unsure answer with a way to the business; none when the owner chose no contact. */
  unsureOffer: (email: string) => string;
  /** The decline of a bot whose owner chose no contact: it does not know, and points nowhere. */
  declineNoContact: string;
  greeting: ((name: string) => string)[];
  thanks: string[];
  goodbye: string[];
  howAreYou: string[];
  identity: (name: string, topics: string) => string;
  notReady: (name: string) => string;
  unavailable: (email: string) => string;
  /**
   * The reply to a visitor asking for a person: the widget's request offer follows it (`form`, unless the owner
   * turned requests off), and the bot's contact (`email`, unless the owner chose none).
   */
  person: (way: PersonWay) => string;
}

/** How a visitor who asks for a person can reach one. */
export interface PersonWay {
  form: boolean;
  email: string | null;
}

/** Joins the two ways ('leave your email below', 'write to …'); nothing when there is neither. */
function personReply(
  way: PersonWay,
  words: {
    lead: string;
    form: string;
    email: (email: string) => string;
    alsoEmail: (email: string) => string;
    none: string;
  },
): string {
  if (way.form) return `${words.lead} ${words.form}${way.email ? ` ${words.alsoEmail(way.email)}` : ''}`;
  if (way.email) return `${words.lead} ${words.email(way.email)}`;
  return words.none;
}

export const TONES: Record<Tone, ToneWords> = {
  friendly: {
    declineNoContact: NO_CONTACT_DECLINES.friendly,
    unsureLead: "This may not be exactly what you asked, but here's the closest I found:",
    unsureOffer: (email) => `If that's not what you meant, ${email} will be happy to help.`,
    hello: 'Hi there! ',
    listIntro: ["Here's what I found:", 'Here you go:'],
    closers: [
      'Is there anything else I can help you with?',
      'Let me know if you have any other questions!',
      '',
    ],
    decline: [
      (email) =>
        `I'm sorry, I couldn't find that in my documents. Please reach out to ${email} and the team will be happy to help!`,
      (email) =>
        `Sorry, I don't have information about that in my documents. You can contact ${email} for help with that.`,
    ],
    greeting: [
      (name) => `Hi there! I'm ${name}. How can I help you today?`,
      (name) => `Hello! ${name} here. What would you like to know?`,
    ],
    thanks: ["You're welcome! Is there anything else I can help you with?", 'Happy to help! Anything else?'],
    goodbye: ['Goodbye, and have a wonderful day!', 'Take care! Come back any time you have a question.'],
    howAreYou: ["I'm doing great, thanks for asking! How can I help you today?"],
    identity: (name, topics) =>
      `I'm ${name}, a virtual assistant. I answer questions from our documents${topics}. What would you like to know?`,
    notReady: (name) => `${name} is still reading its documents. Please try again in a minute or two!`,
    unavailable: (email) => `Sorry, I can't answer questions right now. Please contact ${email}.`,
    person: (way) =>
      personReply(way, {
        lead: 'Of course!',
        form: 'Leave your email with the button below and someone from the team will get back to you.',
        email: (email) => `You can reach the team at ${email}.`,
        alsoEmail: (email) => `You can also write to ${email}.`,
        none: "I'm a virtual assistant, so I can't put you through to someone here, but I'm happy to answer what I can.",
      }),
  },
  professional: {
    declineNoContact: NO_CONTACT_DECLINES.professional,
    unsureLead: 'This may not answer your question exactly. The closest information I found is:',
    unsureOffer: (email) => `If this does not answer your question, please contact ${email}.`,
    hello: 'Hello. ',
    listIntro: ['Here is the relevant information:', 'The details are as follows:'],
    closers: ['', 'Let me know if you need anything else.'],
    decline: [
      (email) =>
        `I'm sorry, but I don't have information about that in my documents. Please contact ${email} for further assistance.`,
      (email) => `I couldn't find that in my documents. For further assistance, please contact ${email}.`,
    ],
    greeting: [(name) => `Hello, I'm ${name}. How can I assist you today?`],
    thanks: ["You're welcome. Is there anything else I can help you with?"],
    goodbye: ['Thank you for reaching out. Have a good day.'],
    howAreYou: ["I'm doing well, thank you. How can I assist you today?"],
    identity: (name, topics) =>
      `I'm ${name}, a virtual assistant that answers questions from our documents${topics}. How can I assist you?`,
    notReady: (name) => `${name} is still being prepared. Please try again in a few minutes.`,
    unavailable: (email) =>
      `I'm sorry, I can't answer questions at the moment. Please contact ${email} for assistance.`,
    person: (way) =>
      personReply(way, {
        lead: 'Certainly.',
        form: 'Please leave your email using the button below and a member of the team will get back to you.',
        email: (email) => `Please contact the team at ${email}.`,
        alsoEmail: (email) => `You may also contact ${email}.`,
        none: 'I am a virtual assistant and cannot transfer you to a member of the team, but I am glad to help where I can.',
      }),
  },
  casual: {
    declineNoContact: NO_CONTACT_DECLINES.casual,
    unsureLead: "Not 100% sure this is what you're after, but here's the closest thing I found:",
    unsureOffer: (email) => `If that's not it, drop a line to ${email}!`,
    hello: 'Hey! ',
    listIntro: ["Here's the scoop:", 'Here you go:'],
    closers: ['Anything else?', 'Need anything else?', ''],
    decline: [
      (email) => `Hmm, I couldn't find that in my docs. Your best bet is to drop a line to ${email}!`,
      (email) => `Sorry, that's not something my docs cover. Try reaching out to ${email}.`,
    ],
    greeting: [
      (name) => `Hey! I'm ${name}. What can I do for you?`,
      (name) => `Hi! ${name} here. What's up?`,
    ],
    thanks: ['No problem! Anything else?', 'Anytime!'],
    goodbye: ['See ya! Have a good one.', 'Bye for now!'],
    howAreYou: ['All good here, thanks! What can I help you with?'],
    identity: (name, topics) => `I'm ${name}, a chatbot that knows our docs inside out${topics}. Ask away!`,
    notReady: (name) => `${name} is still reading up. Give it a minute and try again!`,
    unavailable: (email) => `Sorry, I can't answer right now. Try ${email}!`,
    person: (way) =>
      personReply(way, {
        lead: 'Sure thing!',
        form: 'Leave your email with the button below and someone from the team will get back to you.',
        email: (email) => `Drop a line to ${email}.`,
        alsoEmail: (email) => `Or drop a line to ${email}.`,
        none: "I'm just the bot here, so I can't hand you over, but ask me anything!",
      }),
  },
  formal: {
    declineNoContact: NO_CONTACT_DECLINES.formal,
    unsureLead:
      'This may not address your question precisely. The closest information available is as follows:',
    unsureOffer: (email) => `Should this not answer your question, kindly contact ${email}.`,
    hello: 'Good day. ',
    listIntro: ['Please find the relevant details below:', 'The relevant details are as follows:'],
    closers: [
      'Should you require any further information, please do not hesitate to ask.',
      'Please let me know if I may be of further assistance.',
    ],
    decline: [
      (email) =>
        `I regret that I could not find information on this matter in my documents. Kindly contact ${email} for further assistance.`,
      (email) =>
        `I am sorry, but my documents do not contain information on this matter. Please contact ${email}, who will be pleased to assist you.`,
    ],
    greeting: [(name) => `Good day. I am ${name}. How may I assist you?`],
    thanks: ['You are most welcome. May I assist you with anything further?'],
    goodbye: ['Thank you for your visit. Good day.'],
    howAreYou: ['I am well, thank you. How may I assist you today?'],
    identity: (name, topics) =>
      `I am ${name}, a virtual assistant. I answer questions based on our documents${topics}. How may I assist you?`,
    notReady: (name) => `${name} is still being prepared. Kindly try again in a few minutes.`,
    unavailable: (email) =>
      `I regret that I am unable to answer questions at present. Kindly contact ${email}.`,
    person: (way) =>
      personReply(way, {
        lead: 'Certainly.',
        form: 'Kindly leave your email using the button below, and a member of staff will respond to you.',
        email: (email) => `Kindly contact ${email}.`,
        alsoEmail: (email) => `You may also write to ${email}.`,
        none: 'I regret that, as a virtual assistant, I cannot transfer you to a member of staff; I shall gladly assist where I can.',
      }),
  },
};

export function toneWords(tone: string): ToneWords {
  return TONES[tone as Tone] ?? TONES.friendly;
}

/** A stable choice among variants, by a hash of the text (FNV-1a). */
export function pick<T>(variants: readonly T[], key: string): T {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return variants[(hash >>> 0) % variants.length] as T;
}
