/** A sample dental clinic's handbook: the document its demo bot answers from. */
export const MAPLE_DENTAL = `# Maple Dental Clinic — patient handbook

## Opening hours
We are open Monday to Thursday from 8 am to 6 pm, Friday from 8 am to 4 pm, and Saturday from 9 am to 1 pm. We are closed on Sundays and public holidays.

## Booking an appointment
Book online through our website, call the front desk at (555) 010-2040, or drop by reception. New patients are welcome; please arrive 10 minutes early to fill in a health questionnaire.

## Cancellations
Please give us at least 24 hours' notice if you need to cancel or move an appointment. Missed appointments without notice are charged a $40 fee.

## Prices
A check-up and cleaning costs $120. A single filling starts at $150. Teeth whitening costs $350 per course. A child's check-up (under 12) costs $60. X-rays are $45 when they are not part of a check-up.

## Insurance and payment
We bill most major dental insurers directly, including Sun Life, Manulife and Blue Cross. We accept debit, Visa, Mastercard and cash. Payment plans are available for treatments over $1,000.

## Dental emergencies
If you have severe pain, a broken tooth or swelling, call us as early as possible: we keep two emergency slots open every weekday morning. Outside opening hours, call the emergency line at (555) 010-2099.

## Children
We see children from their first birthday. Our hygienists use child-sized tools and explain every step.

## Location and parking
We are at 42 Maple Street, on the second floor above the pharmacy. Free parking is available behind the building, and the number 7 bus stops at the corner. The clinic is wheelchair accessible by elevator.
`;
