import { SimplePage } from '../../components/ui/simple-page';

/** /workflow/chat (protected): the owner's test console for a bot. Placeholder. */
export function WorkflowChatPage() {
  return (
    <SimplePage
      eyebrow="Test console"
      title="Test your chatbot"
      lead="Chat with your bot privately, with no daily limit, and see the passages of your document behind each answer."
    />
  );
}
