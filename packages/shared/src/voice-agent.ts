import type { PlanKey } from './plans.js';

/**
 * The phone (voice) agent onboarding, /workflow/personalize/step1…step5: what the owner may choose, and the
 * limits the page and the server both apply. The team sets the agent up with the owner after the request.
 */
export const VOICE_AGENT_PLANS = ['pro', 'enterprise'] as const satisfies readonly PlanKey[];
export type VoiceAgentPlan = (typeof VOICE_AGENT_PLANS)[number];

export const PHONE_NUMBER_CHOICES = [
  { id: 'local', label: 'A new local number', hint: 'Callers dial a number in your area code.' },
  { id: 'toll-free', label: 'A new toll-free number', hint: 'Free to call from anywhere in North America.' },
  { id: 'forward', label: 'Keep my number', hint: 'Forward calls from your existing business line.' },
] as const;
export type PhoneNumberChoice = (typeof PHONE_NUMBER_CHOICES)[number]['id'];

export const VOICE_CHOICES = [
  { id: 'warm', label: 'Warm', hint: 'Friendly and unhurried, like a good receptionist.' },
  { id: 'professional', label: 'Professional', hint: 'Clear and to the point.' },
  { id: 'bright', label: 'Bright', hint: 'Upbeat and energetic.' },
  { id: 'calm', label: 'Calm', hint: 'Low and reassuring.' },
] as const;
export type VoiceChoice = (typeof VOICE_CHOICES)[number]['id'];

export const VOICE_AGENT_LIMITS = {
  nameMax: 100,
  websiteUrlMax: 2048,
  /** Documents picked from the owner's bots, plus any they name. */
  documentsMax: 20,
  documentNameMax: 200,
} as const;

export const VOICE_AGENT_MSG = {
  signInTitle: 'Sign in to set up your phone agent',
  signInText: 'Your phone agent is linked to your Vuxo account, so we know who to reach.',
  signInButton: 'Sign in',
  nameRequired: 'Please enter your name.',
  nameTooLong: `Your name can be at most ${VOICE_AGENT_LIMITS.nameMax} characters.`,
  planRequired: 'Please choose a plan.',
  websiteInvalid: 'Please enter a full website address, such as https://example.com.',
  tooManyDocuments: `Choose at most ${VOICE_AGENT_LIMITS.documentsMax} documents.`,
  phoneNumberRequired: 'Please choose a phone number.',
  voiceRequired: 'Please choose a voice.',
  sendFailed: (reason: string) => `We could not send your request: ${reason}`,
  completeTitle: 'You’re all set',
  completeLead:
    'We have your phone agent request. A dedicated lead will reach out soon to finish setting it up with you.',
  nothingSent: 'There is no phone agent request to show yet.',
  start: 'Start your phone agent set-up',
} as const;

/** The request as sent and stored: the workflow state's choices. */
export interface VoiceAgentRequestInput {
  name: string;
  plan: VoiceAgentPlan;
  websiteUrl: string;
  documents: string[];
  chatbotType: 'text' | 'phone';
  phoneNumber: PhoneNumberChoice | null;
  voice: VoiceChoice | null;
}

/** http(s), a host with a dot (letters, digits, hyphens), an optional port, then anything without spaces. */
const WEBSITE_URL = /^https?:\/\/([a-z0-9-]+\.)+[a-z0-9-]+(:\d{1,5})?([/?#]\S*)?$/i;

/** A website address the team can open: empty (none), or http(s) with a host. */
export function isWebsiteUrl(text: string): boolean {
  return !text || (text.length <= VOICE_AGENT_LIMITS.websiteUrlMax && WEBSITE_URL.test(text));
}

/** What is wrong with step 5's choices: a phone bot needs a number and a voice; a text bot needs neither. */
export function phoneChoiceProblems(
  input: Pick<VoiceAgentRequestInput, 'chatbotType' | 'phoneNumber' | 'voice'>,
): Partial<Record<'phoneNumber' | 'voice', string>> {
  if (input.chatbotType !== 'phone') return {};
  return {
    ...(input.phoneNumber ? {} : { phoneNumber: VOICE_AGENT_MSG.phoneNumberRequired }),
    ...(input.voice ? {} : { voice: VOICE_AGENT_MSG.voiceRequired }),
  };
}
