import { useNavigate } from 'react-router';
import { Gauge } from 'lucide-react';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import { ROUTES } from '@vuxo/shared/routes';
import { WIZARD_LABELS } from '@vuxo/shared/wizard';
import { Button } from '../../../components/ui/button';
import { DialogActions, ModalDialog } from '../../../components/ui/modal-dialog';

interface Props {
  open: boolean;
  maxBots: number;
  onOpenChange: (open: boolean) => void;
}

/** 'Bot Limit Reached': Manage Bots goes to the dashboard, Upgrade Plan to /plans. */
export function BotLimitDialog({ open, maxBots, onOpenChange }: Props) {
  const navigate = useNavigate();
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={WIZARD_MSG.limitTitle}
      description={WIZARD_MSG.limitText(maxBots)}
      icon={<Gauge />}
    >
      <DialogActions>
        <Button variant="secondary" onClick={() => navigate(ROUTES.dashboard)}>
          {WIZARD_LABELS.manageBots}
        </Button>
        <Button onClick={() => navigate(ROUTES.plans)}>{WIZARD_LABELS.upgradePlan}</Button>
      </DialogActions>
    </ModalDialog>
  );
}
