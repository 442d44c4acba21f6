/** Access levels: a role is held per user per organization and covers its descendants. */
export const AccessLevel = { SuperUser: 0, User: 1, Reader: 2 } as const;
export type AccessLevel = (typeof AccessLevel)[keyof typeof AccessLevel];
export const accessLevels: readonly AccessLevel[] = [0, 1, 2];

/** Customer (organization) widget rights. */
export const WidgetRight = { TyrensGIS: 1, AWG: 2, Parking: 3 } as const;
export type WidgetRight = (typeof WidgetRight)[keyof typeof WidgetRight];

export const actions = ['read', 'write', 'manage'] as const;
export type Action = (typeof actions)[number];
export const resources = ['organization', 'user', 'device', 'dashboard', 'task', 'notification'] as const;
export type Resource = (typeof resources)[number];

/**
 * The role × capability table shared by server (enforcement) and web (what to show).
 * Readers read; Users also operate devices and work on dashboards, tasks and notifications;
 * SuperUsers also manage users and organizations.
 */
export const ROLE_CAPABILITIES: Readonly<Record<AccessLevel, Readonly<Record<Resource, readonly Action[]>>>> = {
  0: {
    organization: ['read', 'write', 'manage'],
    user: ['read', 'write', 'manage'],
    device: ['read', 'write', 'manage'],
    dashboard: ['read', 'write', 'manage'],
    task: ['read', 'write', 'manage'],
    notification: ['read', 'write', 'manage'],
  },
  1: {
    organization: ['read'],
    user: ['read'],
    device: ['read', 'write'],
    dashboard: ['read', 'write'],
    task: ['read', 'write'],
    notification: ['read', 'write'],
  },
  2: {
    organization: ['read'],
    user: ['read'],
    device: ['read'],
    dashboard: ['read', 'write'],
    task: ['read'],
    notification: ['read', 'write'],
  },
};

export function can(role: AccessLevel, action: Action, resource: Resource): boolean {
  return ROLE_CAPABILITIES[role][resource].includes(action);
}

/** The strongest of several roles (lower id is stronger); undefined when there is none. */
export function strongestRole(roles: readonly AccessLevel[]): AccessLevel | undefined {
  let best: AccessLevel | undefined;
  for (const r of roles) if (best === undefined || r < best) best = r;
  return best;
}
