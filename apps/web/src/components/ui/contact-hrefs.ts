/** `tel:` link for a phone number written for people, e.g. '+1 (416) 555-0199' → 'tel:+14165550199'. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d]/g, '');
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}
