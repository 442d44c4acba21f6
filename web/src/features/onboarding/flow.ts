import type { OperationStatus, TagOnboardingView, TagState } from '@fieldwatch/core';

/**
 * The step machine of the NFC onboarding ("NFC onboarding"): which screen follows
 * which answer. Pure, so every path is unit-tested; the page only performs the calls.
 */
const STEPS = [
  'tag',
  'loginOrRegister',
  'signIn',
  'connectCompany',
  'createAccount',
  'terms',
  'startTrial',
  'selectOrganization',
  'placeDevice',
  'activating',
  'notAllowed',
] as const;
export type Step = (typeof STEPS)[number];

/** What the flow needs to know of a tag view. */
export type ViewFacts = { state: TagState; organizations: number; hasCode: boolean };

export const viewFacts = (view: TagOnboardingView): ViewFacts => ({
  state: view.state,
  organizations: view.organizations.length,
  hasCode: view.activationCode !== null,
});

export type Answer =
  /** Tag: place this unit (the view is known once signed in). */
  | { type: 'start'; signedIn: boolean; view?: ViewFacts }
  /** Tag, for a unit already placed by the user's organization: run its activation again. */
  | { type: 'rerun'; view: ViewFacts; organizationKnown: boolean }
  | { type: 'chooseSignIn' }
  | { type: 'chooseRegister' }
  | { type: 'chooseConnect' }
  | { type: 'signedIn'; view: ViewFacts }
  | { type: 'accountFilled' }
  | { type: 'accountCreated' }
  | { type: 'trialStarted'; view: ViewFacts }
  | { type: 'organizationChosen'; rerun: boolean }
  | { type: 'placed' };

/** Where a signed-in user goes once the view says what they may do with the tag. */
export function stepForView(view: ViewFacts, rerun = false, organizationKnown = false): Step {
  // Owned, disabled, or already theirs (and not re-running): the tag screen explains or offers.
  if (view.state === 'owned' || view.state === 'disabled') return 'tag';
  if (view.state === 'yours' && !rerun) return 'tag';
  // No organization where they are SuperUser within the tag's restriction: no code is issued.
  if (!view.hasCode || view.organizations === 0) return 'notAllowed';
  if (view.state === 'yours')
    return organizationKnown || view.organizations === 1 ? 'activating' : 'selectOrganization';
  return view.organizations > 1 ? 'selectOrganization' : 'placeDevice';
}

/** The step after `step` given `answer`; an answer the step does not take leaves it where it is. */
export function next(step: Step, answer: Answer): Step {
  switch (answer.type) {
    case 'start':
      if (step !== 'tag') return step;
      return answer.signedIn && answer.view ? stepForView(answer.view) : 'loginOrRegister';
    case 'rerun':
      return step === 'tag' ? stepForView(answer.view, true, answer.organizationKnown) : step;
    case 'chooseSignIn':
      return ['tag', 'loginOrRegister', 'connectCompany', 'createAccount', 'terms', 'notAllowed'].includes(step)
        ? 'signIn'
        : step;
    case 'chooseRegister':
      return step === 'loginOrRegister' || step === 'signIn' ? 'createAccount' : step;
    case 'chooseConnect':
      return step === 'loginOrRegister' ? 'connectCompany' : step;
    case 'signedIn':
      return step === 'signIn' ? stepForView(answer.view) : step;
    case 'accountFilled':
      return step === 'createAccount' ? 'terms' : step;
    case 'accountCreated':
      return step === 'terms' ? 'startTrial' : step;
    case 'trialStarted':
      return step === 'startTrial' ? stepForView(answer.view) : step;
    case 'organizationChosen':
      if (step !== 'selectOrganization') return step;
      return answer.rerun ? 'activating' : 'placeDevice';
    case 'placed':
      return step === 'placeDevice' ? 'activating' : step;
  }
}

/** Where the back button leads; null where there is no way back (the account exists, or activation runs). */
export function previous(step: Step, organizations: number): Step | null {
  switch (step) {
    case 'loginOrRegister':
    case 'selectOrganization':
    case 'notAllowed':
      return 'tag';
    case 'signIn':
    case 'createAccount':
    case 'connectCompany':
      return 'loginOrRegister';
    case 'terms':
      return 'createAccount';
    case 'placeDevice':
      return organizations > 1 ? 'selectOrganization' : 'tag';
    default:
      return null;
  }
}

/** The three phases shown above every step: the account, the placing, the activation. */
export const PHASES = ['account', 'place', 'activate'] as const;
export type Phase = (typeof PHASES)[number];
export function phaseOf(step: Step): Phase {
  if (step === 'selectOrganization' || step === 'placeDevice') return 'place';
  if (step === 'activating') return 'activate';
  return 'account';
}

/** The state of each activation operation and the run as a whole (activation error, then retry). */
export type ActivationProgress = {
  items: { operation: string; state: OperationStatus['state'] }[];
  /** Finished share, 0–1: placing the unit counts as the first of 1 + operations parts. */
  done: number;
  outcome: 'running' | 'succeeded' | 'failed';
};

export function activationProgress(
  started: readonly { operation: string; seq: number }[],
  statuses: readonly Pick<OperationStatus, 'seq' | 'operation' | 'state'>[],
  timedOut = false,
): ActivationProgress {
  const items = started.map((s) => ({
    operation: s.operation,
    // Not in the queue yet reads as requested: the POST answered, the unit has not.
    state: statuses.find((o) => o.seq === s.seq && o.operation === s.operation)?.state ?? ('requested' as const),
  }));
  const finished = items.filter((i) => i.state !== 'requested').length;
  const failed = items.some((i) => i.state === 'failed') || (timedOut && finished < items.length);
  return {
    items,
    done: (1 + finished) / (1 + items.length),
    outcome: failed ? 'failed' : finished === items.length ? 'succeeded' : 'running',
  };
}

/** How an activation call failed, read from its HTTP status (the onboarding API's answers). */
export type ActivationError = 'notAllowed' | 'owned' | 'expired' | 'activation';
export function activationError(status: number | undefined): ActivationError {
  if (status === 403) return 'notAllowed';
  if (status === 409) return 'owned';
  if (status === 410) return 'expired';
  // 503 (gateway down), the network, anything else: the spec's activation error, with retry.
  return 'activation';
}

/** Whether Retry helps: a fresh code and the same call again re-run an activation. */
export const canRetry = (error: ActivationError) => error === 'expired' || error === 'activation';
