import { useEffect, useState } from 'react';
import { PAYMENT_MSG, planChangeNote } from '@vuxo/shared/messages';
import type { CardPlanKey } from '@vuxo/shared/plans';
import { useAuth } from '../auth';
import { getPlanChange } from './payment-api';
import styles from './payment-page.module.css';

/** A day as the dashboard's plan card writes it ("Paid until …"). */
export const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * What paying changes in the owner's paid time, as the server computes it (credited days, a plan queued after
 * the current one), said before the owner pays; the rule itself when the server could not be asked.
 */
export function PlanChangeNote({ planKey }: { planKey: CardPlanKey }) {
  const { user, getIdToken } = useAuth();
  const [note, setNote] = useState<{ planKey: CardPlanKey; text: string } | null>(null);
  const uid = user?.uid;

  useEffect(() => {
    if (!uid) return;
    const controller = new AbortController();
    getIdToken()
      .then((token) => getPlanChange(token, planKey, controller.signal))
      .then((change) => setNote({ planKey, text: planChangeNote(change, formatDay) }))
      .catch(() => {
        if (!controller.signal.aborted) setNote({ planKey, text: PAYMENT_MSG.planChangeRule });
      });
    return () => controller.abort();
  }, [uid, planKey, getIdToken]);

  return (
    <p className={styles.billing} aria-live="polite">
      {note?.planKey === planKey ? note.text : null}
    </p>
  );
}
