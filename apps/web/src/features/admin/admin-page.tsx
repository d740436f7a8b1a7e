import { SimplePage } from '../../components/ui/simple-page';

/** /ai-admin: the admin console (decisions, section 6). Placeholder. */
export function AdminPage() {
  return (
    <SimplePage
      eyebrow="Admin"
      title="Admin console"
      lead="Users and their plans, every bot and its status, payments, contact messages and voice agent requests."
    />
  );
}
