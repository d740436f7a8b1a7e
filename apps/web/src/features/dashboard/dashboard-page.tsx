import { DASHBOARD_MSG } from '@vuxo/shared';
import { SimplePage } from '../../components/ui/simple-page';

/** /dashboard/bots (protected). Placeholder until the dashboard lands. */
export function DashboardPage() {
  return (
    <SimplePage
      eyebrow="Dashboard"
      title={DASHBOARD_MSG.title}
      lead="See every chatbot you have built, its status and its share link; chat with a bot or remove it."
    />
  );
}
