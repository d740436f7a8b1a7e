import type { LocalCard } from '@vuxo/shared/schemas';
import styles from './payment-page.module.css';

/** What the owner types into the local card form. */
export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  postalCode: string;
}

export const emptyCard: CardInput = { number: '', expiry: '', cvc: '', postalCode: '' };

/** "4242424242424242" → "4242 4242 4242 4242", as card numbers are printed. */
const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "1229" or "12/29" → "12 / 29". */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** The card as the local test mode reads it; an unreadable expiry is sent as month 0 and refused there. */
export function toLocalCard(input: CardInput): LocalCard {
  const [month = '', year = ''] = input.expiry.split('/').map((part) => part.trim());
  return {
    number: input.number.replace(/\D/g, ''),
    expMonth: Number(month) || 0,
    expYear: Number(year) || 0,
    cvc: input.cvc.trim(),
    postalCode: input.postalCode.trim(),
  };
}

interface Props {
  value: CardInput;
  onChange: (value: CardInput) => void;
  disabled: boolean;
}

/** The local test mode's card field: number, expiry, CVC and postal code, as Stripe's card field asks. */
export function LocalCardFields({ value, onChange, disabled }: Props) {
  const field = (key: keyof CardInput, next: string) => onChange({ ...value, [key]: next });
  return (
    <fieldset className={styles.card} disabled={disabled}>
      <legend className={styles.label}>Card</legend>
      <input
        className={styles.cardNumber}
        aria-label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={value.number}
        onChange={(event) => field('number', groupDigits(event.target.value))}
      />
      <input
        aria-label="Expiry date (MM / YY)"
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="MM / YY"
        value={value.expiry}
        onChange={(event) => field('expiry', formatExpiry(event.target.value))}
      />
      <input
        aria-label="CVC"
        inputMode="numeric"
        autoComplete="cc-csc"
        placeholder="CVC"
        maxLength={4}
        value={value.cvc}
        onChange={(event) => field('cvc', event.target.value.replace(/\D/g, ''))}
      />
      <input
        aria-label="Postal code"
        autoComplete="postal-code"
        placeholder="Postal code"
        maxLength={12}
        value={value.postalCode}
        onChange={(event) => field('postalCode', event.target.value)}
      />
    </fieldset>
  );
}
