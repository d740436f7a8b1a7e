/** A sample plumbing company's service guide: the document its demo bot answers from. */
export const BRIGHTFIX_PLUMBING = `# BrightFix Plumbing — service guide

## Services
We repair leaks, unblock drains and toilets, install and repair water heaters, replace taps and fixtures, and renovate bathroom plumbing. We do not work on gas appliances.

## Service area
We serve the city and towns within 30 km of downtown. Outside that area, a travel fee of $1 per extra kilometre applies.

## Rates
The call-out fee is $85 and includes the first 30 minutes on site. After that, labour costs $95 per hour, billed in 15-minute steps. Parts are charged at supplier price plus 10%. We give a written quote before any job over $500.

## Emergencies
Emergency service is available 24 hours a day, 7 days a week, for burst pipes, flooding and blocked sewer lines. Emergency call-outs between 8 pm and 7 am, and on public holidays, cost $150.

## Booking
Call us at (555) 010-7788 or book online. Regular appointments are usually available within two working days. We give a two-hour arrival window and text you when the plumber is on the way.

## Guarantee
All our work is guaranteed for 12 months, parts and labour. Water heaters we install carry the manufacturer's 6-year warranty.

## Payment
We accept credit cards, debit and bank transfer. Payment is due when the job is finished. Seniors receive a 10% discount on labour.

## Licences and insurance
All our plumbers are licensed and we carry $2 million in liability insurance.
`;
