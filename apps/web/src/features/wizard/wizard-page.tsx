import { SimplePage } from '../../components/ui/simple-page';

/** /wizard: placeholder until the bot-building wizard lands. */
export function WizardPage() {
  return (
    <SimplePage
      eyebrow="Chatbot builder"
      title="Create your chatbot"
      lead="Upload one business document, give your bot a name, a welcome message and a tone, and share it in minutes."
    />
  );
}
