import { useId } from 'react';
import { BRAND } from '@vuxo/shared/brand';
import styles from './brand-logo.module.css';

/** The Vuxo mark: a chat bubble with a spark, on the brand gradient. */
export function BrandMark({ size = 32 }: { size?: number }) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#9a78fb" />
          <stop offset="0.55" stopColor="#6a34de" />
          <stop offset="1" stopColor="#43198f" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <path
        d="M8.5 10.5 13.6 22h1.9l2-4.6"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M20.6 7.5l1.1 2.6 2.6 1.1-2.6 1.1-1.1 2.6-1.1-2.6-2.6-1.1 2.6-1.1z" fill="#3ee0c6" />
    </svg>
  );
}

/** Mark and word. */
export function BrandLogo({ size = 32 }: { size?: number }) {
  return (
    <span className={styles.logo}>
      <BrandMark size={size} />
      <span className={styles.word}>{BRAND}</span>
    </span>
  );
}
