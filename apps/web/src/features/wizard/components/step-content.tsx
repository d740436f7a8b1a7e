import { WIZARD_MSG } from '@vuxo/shared/messages';
import { ErrorBox } from '../../../components/ui/error-box';
import type { BotCreationState } from '../state/bot-creation-state';
import type { WizardDispatch } from '../hooks/use-bot-creation';
import type { ReadingProgress, UploadProgress } from '../hooks/use-document-upload';
import type { BuildProgress } from '../hooks/use-build-progress';
import { StepAvatar } from './step-avatar';
import { StepCreativity, StepTone } from './step-choices';
import { StepContact } from './step-contact';
import { StepDocument } from './step-document';
import { StepSummary } from './step-summary';
import { StepName, StepWelcome } from './step-text-fields';

export interface StepContentProps {
  state: BotCreationState;
  dispatch: WizardDispatch;
  headingId: string;
  upload: {
    progress: UploadProgress | null;
    onFile: (file: File | null | undefined) => void;
    onSaveText: (filePath: string, text: string) => Promise<void>;
    /** A scanned document being read on the server, and how to stop it. */
    reading?: ReadingProgress | null;
    onCancelReading?: () => void;
    /** The owner's plan limit (the Free Trial's before sign-in). */
    maxBytes: number;
  };
  /** The saved bot's build (the summary follows it). */
  build: BuildProgress;
  onViewBot: () => void;
  onStartOver: () => void;
}

/** The content of the active step; an unknown step shows 'Invalid Step'. */
export function StepContent({
  state,
  dispatch,
  headingId,
  upload,
  build,
  onViewBot,
  onStartOver,
}: StepContentProps) {
  const { errors } = state;
  switch (state.activeStep) {
    case 0:
      return (
        <StepDocument
          document={state.document}
          preview={state.extractedText}
          error={errors.document}
          progress={upload.progress}
          reading={upload.reading ?? null}
          onCancelReading={upload.onCancelReading ?? (() => {})}
          onFile={upload.onFile}
          maxBytes={upload.maxBytes}
          onRemove={() => dispatch({ type: 'removeDocument' })}
          onSaveText={(text) => upload.onSaveText(state.filePath ?? '', text)}
        />
      );
    case 1:
      return (
        <StepWelcome
          value={state.welcomeMessage}
          error={errors.welcomeMessage}
          onChange={(value) => dispatch({ type: 'setWelcomeMessage', value })}
        />
      );
    case 2:
      return (
        <StepTone
          labelledBy={headingId}
          value={state.chatbotTone}
          error={errors.chatbotTone}
          onChange={(value) => dispatch({ type: 'setTone', value })}
        />
      );
    case 3:
      return (
        <StepName
          value={state.botName}
          error={errors.botName}
          onChange={(value) => dispatch({ type: 'setBotName', value })}
        />
      );
    case 4:
      return (
        <StepAvatar
          preview={state.imagePreview}
          botName={state.botName}
          error={errors.image}
          onError={(message) => dispatch({ type: 'setError', field: 'image', message })}
          onSave={({ file, preview }) => dispatch({ type: 'setImage', file, preview })}
          onRemove={() => dispatch({ type: 'removeImage' })}
        />
      );
    case 5:
      // The last step before the bot is made also asks for its contact (decision 062).
      return (
        <>
          <StepCreativity
            labelledBy={headingId}
            value={state.creativityLevel}
            error={errors.creativityLevel}
            onChange={(value) => dispatch({ type: 'setCreativity', value })}
          />
          <StepContact
            choice={state.contactChoice}
            email={state.contactEmail}
            error={errors.contactEmail}
            onChoice={(value) => dispatch({ type: 'setContactChoice', value })}
            onEmail={(value) => dispatch({ type: 'setContactEmail', value })}
          />
        </>
      );
    case 6:
      return (
        <StepSummary
          state={state}
          build={build}
          onViewBot={onViewBot}
          onEdit={() => dispatch({ type: 'previousStep' })}
          onStartOver={onStartOver}
        />
      );
    default:
      return <ErrorBox message={WIZARD_MSG.invalidStep} />;
  }
}
