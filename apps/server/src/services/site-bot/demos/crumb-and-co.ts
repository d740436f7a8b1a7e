/** A sample bakery's menu and policies: the document its demo bot answers from. */
export const CRUMB_AND_CO = `# Crumb & Co. Bakery — menu and policies

## Opening hours
Our shop is open Tuesday to Saturday from 7 am to 5 pm and Sunday from 8 am to 2 pm. We are closed on Mondays.

## Breads
Sourdough loaf: $8. Seeded rye: $9. Baguette: $4. Gluten-free sandwich loaf: $10. Bread is baked fresh every morning and sells out by early afternoon on weekends.

## Pastries
Butter croissant: $3.75. Almond croissant: $4.75. Cinnamon roll: $4.50. Seasonal fruit danish: $4.25.

## Custom cakes
Custom cakes must be ordered at least 5 days in advance. An 8-inch cake serves 12 people and costs $55; a 10-inch cake serves 20 people and costs $75. Writing and a simple decoration are included. A 50% deposit confirms the order.

## Allergies
Our kitchen handles wheat, eggs, milk, nuts and sesame. Gluten-free loaves are baked on a separate day, but we cannot guarantee that any product is free of traces of allergens.

## Delivery
We deliver cake and catering orders within 10 km of the shop for a $12 fee; orders over $150 are delivered free. Deliveries run from Tuesday to Saturday between 10 am and 4 pm.

## Catering
We cater breakfasts and meetings with platters of pastries and sandwiches for 10 to 100 people. Please order catering at least 48 hours ahead.

## Location
Crumb & Co. is at 18 Harbour Road, next to the farmers' market. Street parking is free for one hour.
`;
