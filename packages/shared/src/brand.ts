/** The product's name, in one place so a rebrand is one edit. It is also the default bot name. */
export const BRAND = 'Vuxo';
export const DEFAULT_SUPPORT_EMAIL = 'info@vuxo.example';
export const DEFAULT_PUBLIC_PHONE = '+1 (416) 555-0199';
