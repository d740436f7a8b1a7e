/**
 * Stripe's test cards, as the local test mode charges them: the numbers, and the messages Stripe gives
 * for each decline (https://docs.stripe.com/testing). Any other number is refused as Stripe's test mode
 * refuses a real card.
 */
const SUCCEEDS = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '6011111111111117',
]);

const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
};

const NOT_A_TEST_CARD =
  'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://docs.stripe.com/testing.';

export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  postalCode: string;
}

/** The result of charging a test card: null when it succeeds, else the decline message. */
export function chargeTestCard(card: TestCard, now = new Date()): string | null {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !passesLuhn(number)) return 'Your card number is incorrect.';
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (card.expMonth < 1 || card.expMonth > 12) return "Your card's expiration month is invalid.";
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1))
    return "Your card's expiration date is in the past.";
  if (!/^\d{3,4}$/.test(card.cvc)) return "Your card's security code is incomplete.";
  if (!card.postalCode.trim()) return 'Your postal code is incomplete.';
  if (number in DECLINES) return DECLINES[number]!;
  return SUCCEEDS.has(number) ? null : NOT_A_TEST_CARD;
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
