// The administration's tabs: one list for the screen, its browser tests and its screenshot script.

/** The admin tabs, in order. */
export const ADMIN_TABS = [
  'general',
  'customization',
  'users',
  'accounts',
  'userManagement',
  'dashboardOwnership',
  'workspaceOwnership',
  'security',
  'api',
  'usage',
  'permissions',
  // A tab of our own: how severe each alarm type is (core/src/events/severity.ts).
  'alarmSeverity',
  // Who changed what, from where: the organization's audit trail.
  'audit',
  // Signed webhooks: endpoints that receive alarms and task changes.
  'webhooks',
] as const;
/** Platform-wide, for the platform administrator only (SuperUser of the root organization). */
export const PLATFORM_TABS = ['errors'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number] | (typeof PLATFORM_TABS)[number];
