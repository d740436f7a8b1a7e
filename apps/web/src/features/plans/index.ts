/** The plans feature's public entry: what other features may use. */
export { PlanFeatures } from './plan-features';
export {
  PLAN_PARAM,
  choosePlan,
  paymentPathFor,
  rememberSelectedPlan,
  type PlanChoice,
} from './selected-plan';
export { resumeDeleteOf, type ResumeDelete } from './upgrade-reason';
