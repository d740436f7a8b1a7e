import { useState } from 'react';
import type { BotType } from '@vuxo/shared/bot';
import {
  PHONE_NUMBER_CHOICES,
  VOICE_AGENT_MSG,
  VOICE_CHOICES,
  phoneChoiceProblems,
  type PhoneNumberChoice,
  type VoiceAgentRequestInput,
  type VoiceChoice,
} from '@vuxo/shared/voice-agent';
import { errorMessage } from '../../../app/api-client';
import { useAuth } from '../../auth';
import { ChoiceGroup, StepForm } from '../step-form';
import { sendVoiceAgentRequest } from '../voice-agent-api';
import type { StepProps } from './step-props';

const BOT_TYPE_CHOICES = [
  { value: 'phone', label: 'Phone agent', detail: 'Answers your calls with the voice you choose.' },
  { value: 'text', label: 'Text chatbot', detail: 'Answers on your website; add a phone line later.' },
] as const satisfies readonly { value: BotType; label: string; detail: string }[];

const asChoices = <T extends readonly { id: string; label: string; hint: string }[]>(choices: T) =>
  choices.map((choice) => ({
    value: choice.id as T[number]['id'],
    label: choice.label,
    detail: choice.hint,
  }));

/** Step 5: the bot type, the phone number and the voice; Send request stores it all for the team. */
export function PhoneStep({ workflow, goNext, goBack }: StepProps) {
  const { state } = workflow;
  const { getIdToken } = useAuth();
  const [chatbotType, setChatbotType] = useState<BotType>(state.chatbotType);
  const [phoneNumber, setPhoneNumber] = useState(state.selectedPhoneNumber as PhoneNumberChoice | null);
  const [voice, setVoice] = useState(state.selectedVoice as VoiceChoice | null);
  const [problems, setProblems] = useState<ReturnType<typeof phoneChoiceProblems>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    const found = phoneChoiceProblems({ chatbotType, phoneNumber, voice });
    setProblems(found);
    if (Object.keys(found).length > 0 || !state.user || !state.selectedPlan) return;
    const phone = chatbotType === 'phone';
    workflow.mergePersonalization({
      chatbotType,
      selectedPhoneNumber: phone ? phoneNumber : null,
      selectedVoice: phone ? voice : null,
    });
    const request: VoiceAgentRequestInput = {
      name: state.user.name,
      plan: state.selectedPlan as VoiceAgentRequestInput['plan'],
      websiteUrl: state.websiteUrl,
      documents: state.uploadedDocs,
      chatbotType,
      phoneNumber: phone ? phoneNumber : null,
      voice: phone ? voice : null,
    };
    setSending(true);
    setFailure(null);
    try {
      await sendVoiceAgentRequest(await getIdToken(), request);
      workflow.complete();
      goNext();
    } catch (error) {
      setFailure(VOICE_AGENT_MSG.sendFailed(errorMessage(error)));
      setSending(false);
    }
  };

  return (
    <StepForm
      onBack={goBack}
      onSubmit={() => void submit()}
      submitLabel={sending ? 'Sending…' : 'Send request'}
      busy={sending}
      error={failure}
    >
      <ChoiceGroup
        name="workflow-type"
        title="Bot type"
        value={chatbotType}
        onChange={setChatbotType}
        choices={BOT_TYPE_CHOICES}
      />
      {chatbotType === 'phone' && (
        <>
          <ChoiceGroup
            name="workflow-number"
            title="Phone number"
            value={phoneNumber}
            onChange={(value) => {
              setPhoneNumber(value);
              setProblems(({ phoneNumber: _, ...rest }) => rest);
            }}
            error={problems.phoneNumber}
            choices={asChoices(PHONE_NUMBER_CHOICES)}
          />
          <ChoiceGroup
            name="workflow-voice"
            title="Voice"
            value={voice}
            onChange={(value) => {
              setVoice(value);
              setProblems(({ voice: _, ...rest }) => rest);
            }}
            error={problems.voice}
            choices={asChoices(VOICE_CHOICES)}
          />
        </>
      )}
    </StepForm>
  );
}
