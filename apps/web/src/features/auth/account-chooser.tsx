import { useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { UserPlus, X } from 'lucide-react';
import { BRAND } from '@vuxo/shared/brand';
import { readLocalAccounts, type LocalAccount } from './local-accounts';
import { GoogleMark } from './google-mark';
import styles from './account-chooser.module.css';

interface Props {
  onChoose: (account: LocalAccount) => void;
  onCancel: () => void;
}

/**
 * The local stand-in for Google's account chooser: Google's popup cannot run
 * offline, so on the Auth emulator the user picks or adds an account here.
 */
export function AccountChooser({ onChoose, onCancel }: Props) {
  const [accounts] = useState(readLocalAccounts);
  const [adding, setAdding] = useState(accounts.length === 0);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.panel} aria-describedby={undefined}>
          <div className={styles.brand}>
            <GoogleMark />
            <span>Sign in with Google</span>
          </div>
          <Dialog.Title className={styles.title}>
            {adding ? 'Use another account' : 'Choose an account'}
          </Dialog.Title>
          <p className={styles.subtitle}>to continue to {BRAND}</p>
          {adding ? (
            <NewAccountForm
              onSubmit={onChoose}
              onBack={accounts.length > 0 ? () => setAdding(false) : null}
            />
          ) : (
            <ul className={styles.list}>
              {accounts.map((account) => (
                <li key={account.email}>
                  <button type="button" className={styles.account} onClick={() => onChoose(account)}>
                    <span className={styles.avatar} aria-hidden="true">
                      {account.name.charAt(0).toUpperCase() || '?'}
                    </span>
                    <span className={styles.who}>
                      <span className={styles.name}>{account.name}</span>
                      <span className={styles.email}>{account.email}</span>
                    </span>
                  </button>
                </li>
              ))}
              <li>
                <button type="button" className={styles.account} onClick={() => setAdding(true)}>
                  <span className={styles.avatarIcon} aria-hidden="true">
                    <UserPlus size={18} />
                  </span>
                  <span className={styles.name}>Use another account</span>
                </button>
              </li>
            </ul>
          )}
          <p className={styles.note}>
            Local sign-in: accounts live in the Firebase Auth emulator on this machine.
          </p>
          <Dialog.Close className={styles.close} aria-label="Close">
            <X size={18} />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function NewAccountForm({
  onSubmit,
  onBack,
}: {
  onSubmit: (account: LocalAccount) => void;
  onBack: (() => void) | null;
}) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [unverified, setUnverified] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem('Enter a name.');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setProblem('Enter a valid email address.');
    onSubmit({ name: name.trim(), email: email.trim().toLowerCase(), emailVerified: !unverified });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label className={styles.field}>
        <span>Name</span>
        <input value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" autoFocus />
      </label>
      <label className={styles.field}>
        <span>Email</span>
        <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
      </label>
      <label className={styles.switchRow}>
        <input
          type="checkbox"
          role="switch"
          checked={unverified}
          onChange={(e) => setUnverified(e.target.checked)}
        />
        <span>Email not verified yet</span>
      </label>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        {onBack && (
          <button type="button" className={styles.secondary} onClick={onBack}>
            Back
          </button>
        )}
        <button type="submit" className={styles.primary}>
          Continue
        </button>
      </div>
    </form>
  );
}
