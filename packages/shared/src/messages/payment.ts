/** Plans and payments. Exact texts. */
export const PAYMENT_MSG = {
  intentFailed: 'Failed to create payment intent',
  genericError: 'An error occurred during payment processing',
  notReady: 'Payment system not ready or user not authenticated',
  unknownPlan: 'This plan cannot be bought by card. Please choose Basic or Pro on the plans page.',
  amountMismatch: "The amount does not match the plan's price. Please reload the page and try again.",
  paymentNotFound: 'This payment was not found. Please start again from the plans page.',
  alreadyPaid: 'This payment has already been made.',
  /** The checkout's line when what the payment changes could not be read: the rule, without the dates. */
  planChangeRule:
    'Time already paid is never lost: a cheaper plan starts when your current plan ends, and the unused part of a cheaper plan is added to a dearer one as extra days.',
} as const;

/** The facts of a plan change as the server computes them (the shape of the `PlanChange` reply). */
interface PlanChangeFacts {
  kind: 'new' | 'extend' | 'queued' | 'upgrade';
  planName: string;
  startsAt: string;
  endsAt: string;
  current: { planName: string; endsAt: string } | null;
  credited: { planName: string; days: number } | null;
}

const daysText = (days: number) =>
  Math.round(days) < 1 ? 'less than a day' : Math.round(days) === 1 ? '1 day' : `${Math.round(days)} days`;

/**
 * The checkout's note on what paying does to the owner's paid time, with dates written by `day` (the page's
 * locale); the figures are the server's.
 */
export function planChangeNote(change: PlanChangeFacts, day: (iso: string) => string): string {
  const { planName: plan, current, credited } = change;
  if (change.kind === 'upgrade' && credited)
    return `The unused part of your ${credited.planName} plan (${daysText(credited.days)} of ${plan}) is added to ${plan}: it runs until ${day(change.endsAt)}.`;
  if (change.kind === 'queued' && current)
    return `Your ${current.planName} plan stays active until ${day(current.endsAt)}; this ${plan} month starts on ${day(change.startsAt)} and runs until ${day(change.endsAt)}.`;
  if (change.kind === 'extend' && current)
    return `Your ${plan} plan is paid until ${day(current.endsAt)}; this month is added after it: it runs until ${day(change.endsAt)}.`;
  return `Your ${plan} plan starts as soon as the payment is confirmed and runs until ${day(change.endsAt)}.`;
}

/** Why /plans was opened, when another screen sent the owner there. */
export const PLANS_MSG = {
  deleteNeedsPaidPlan: (botName: string) =>
    `Deleting a bot needs a paid plan. Choose Basic or Pro: once your payment is confirmed, you can delete "${botName}".`,
  phoneBotNeedsPro: 'The Phone Bot comes with the Pro plan.',
} as const;
