import { terms } from '../retrieval/text-analysis.js';

/**
 * Words a visitor uses for the business itself ('the surgery's phone number', 'where's the shop?'): in a question
 * about how to reach or find the business they name no other subject (issue 44, measured on the corpus's develop
 * part: visitors name the business by its kind far more often than by its name).
 */
export const BUSINESS_PLACE_TERMS: ReadonlySet<string> = new Set(
  terms(
    'shop store office clinic salon restaurant practice studio centre center school hospital building place ' +
      'premises business surgery pharmacy chemist hostel hotel gym garage bakery venue barn workshop showroom ' +
      'company firm team',
  ),
);

/** Words saying what the visitor contacts about ('for reservations', 'a quote'): a preference, never a subject. */
export const CONTACT_PURPOSE_TERMS: ReadonlySet<string> = new Set(
  terms(
    'reservation reservations booking bookings enquiry enquiries inquiry inquiries question questions general quote',
  ),
);
