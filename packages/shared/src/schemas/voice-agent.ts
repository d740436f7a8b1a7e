import { z } from 'zod';
import { BOT_TYPES } from '../bot.js';
import {
  PHONE_NUMBER_CHOICES,
  VOICE_AGENT_LIMITS as LIMITS,
  VOICE_AGENT_MSG as MSG,
  VOICE_AGENT_PLANS,
  VOICE_CHOICES,
  isWebsiteUrl,
  phoneChoiceProblems,
} from '../voice-agent.js';
import { singleLine } from './single-line.js';

const ids = <T extends readonly { id: string }[]>(choices: T) =>
  choices.map((choice) => choice.id) as [T[number]['id'], ...T[number]['id'][]];

/** `POST /api/voice-agent-requests`: the phone agent onboarding's choices, checked as the pages check them. */
export const voiceAgentRequestSchema = z
  .object({
    name: singleLine(z.string().trim().min(1, MSG.nameRequired).max(LIMITS.nameMax, MSG.nameTooLong)),
    plan: z.enum(VOICE_AGENT_PLANS, { error: MSG.planRequired }),
    websiteUrl: z
      .string()
      .trim()
      .max(LIMITS.websiteUrlMax, MSG.websiteInvalid)
      .refine(isWebsiteUrl, MSG.websiteInvalid)
      .default(''),
    documents: z
      .array(singleLine(z.string().trim().min(1).max(LIMITS.documentNameMax)))
      .max(LIMITS.documentsMax, MSG.tooManyDocuments)
      .default([]),
    chatbotType: z.enum(BOT_TYPES),
    phoneNumber: z.enum(ids(PHONE_NUMBER_CHOICES)).nullable().default(null),
    voice: z.enum(ids(VOICE_CHOICES)).nullable().default(null),
  })
  .superRefine((input, ctx) => {
    for (const [path, message] of Object.entries(phoneChoiceProblems(input)))
      ctx.addIssue({ code: 'custom', path: [path], message });
  })
  // A text bot has no number or voice, whatever was picked before switching.
  .transform((input) =>
    input.chatbotType === 'phone' ? input : { ...input, phoneNumber: null, voice: null },
  );
export type VoiceAgentRequest = z.infer<typeof voiceAgentRequestSchema>;

export const voiceAgentResponseSchema = z.object({ requestId: z.string() });
export type VoiceAgentResponse = z.infer<typeof voiceAgentResponseSchema>;
