/** A day of the week, Monday first. */
export type Day = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

export const DAYS: readonly Day[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

export interface PhoneFact {
  /** As printed ('01949 728288', '(416) 555-0142', '410.825.FORM'). */
  number: string;
  /** What the line calls it ('Reception', 'Emergencies'); absent for a plain 'Phone:' or 'T:'. */
  label?: string;
}

/** One day's opening, times as 24-hour 'HH:MM'; a day open twice (lunch, dinner) has two entries. */
export interface DayHours {
  day: Day;
  opens?: string;
  closes?: string;
  closed?: boolean;
  /** A qualifier printed with the day ('by appointment only'). */
  note?: string;
}

export interface PriceFact {
  item: string;
  /** As printed, with 'from' when the document says 'from' or 'starting at' ('from $45', '£38'). */
  price: string;
  /** 'per hour', 'per night', 'per person' … when given. */
  unit?: string;
  /** The heading or title line the price sits under ('Cutting and Styling'), when there is one. */
  section?: string;
}

/** The facts every visitor asks about, as the document gives them: an absent fact stays empty, never guessed. */
export interface KeyFacts {
  phones: PhoneFact[];
  emails: string[];
  websites: string[];
  address: string | null;
  hours: DayHours[];
  /** Sentences about holidays or seasonal closing ('Closed on Christmas Day and Boxing Day'). */
  hoursNotes: string[];
  prices: PriceFact[];
}
