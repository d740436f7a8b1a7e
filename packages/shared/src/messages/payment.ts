/** Plans and payments. Exact texts. */
export const PAYMENT_MSG = {
  intentFailed: 'Failed to create payment intent',
  genericError: 'An error occurred during payment processing',
  notReady: 'Payment system not ready or user not authenticated',
  unknownPlan: 'This plan cannot be bought by card. Please choose Basic or Pro on the plans page.',
  amountMismatch: "The amount does not match the plan's price. Please reload the page and try again.",
  paymentNotFound: 'This payment was not found. Please start again from the plans page.',
  alreadyPaid: 'This payment has already been made.',
} as const;

/** Why /plans was opened, when another screen sent the owner there. */
export const PLANS_MSG = {
  deleteNeedsPaidPlan: (botName: string) =>
    `Deleting a bot needs a paid plan. Choose Basic or Pro: once your payment is confirmed, you can delete "${botName}".`,
  phoneBotNeedsPro: 'The Phone Bot comes with the Pro plan.',
} as const;
