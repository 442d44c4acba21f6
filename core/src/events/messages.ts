/** The thrown messages that the event, notification and task rules raise. */
export const EventMessages = {
  invalidTask: 'Invalid task parameter',
  invalidNotification: 'Invalid notification parameter',
  userNotAssigned: 'User not assigned',
  missingNote: 'Missing note parameter',
  missingStatus: 'Missing status parameter',
  missingAssignees: 'Missing assignees parameter',
  missingEvents: 'Missing events parameter',
  missingCategory: 'Missing category parameter',
  missingTitle: 'Missing title parameter',
  moreThanOneKey: 'More than one keys received',
  missingParameters: 'Missing parameters',
} as const;

/** A rule refused its input; the message is the spec's text. */
export class EventRuleError extends Error {
  override readonly name = 'EventRuleError';
}
