import type { AdminOrganization } from '@fieldwatch/core';
import { AccountsTab } from './AccountsTab.tsx';
import { AlarmSeverityTab } from './AlarmSeverityTab.tsx';
import { ApiTab } from './ApiTab.tsx';
import { AuditTab } from './AuditTab.tsx';
import type { AdminTab } from './adminTabs.ts';
import { CustomizationTab } from './CustomizationTab.tsx';
import { ErrorsTab } from './ErrorsTab.tsx';
import { GeneralTab } from './GeneralTab.tsx';
import { OwnershipTab } from './OwnershipTab.tsx';
import { PermissionsTab } from './PermissionsTab.tsx';
import { SecurityTab } from './SecurityTab.tsx';
import { UsageTab } from './UsageTab.tsx';
import { UserManagementTab } from './UserManagementTab.tsx';
import { UsersTab } from './UsersTab.tsx';
import { WebhooksTab } from './WebhooksTab.tsx';

/** What every tab gets: the chosen organization and all the admin may reach (for pickers and names). */
export type TabProps = { org: AdminOrganization; orgs: readonly AdminOrganization[] };

export function TabPanel({ tab, ...props }: TabProps & { tab: AdminTab }) {
  switch (tab) {
    case 'general':
      return <GeneralTab {...props} />;
    case 'customization':
      return <CustomizationTab {...props} />;
    case 'users':
      return <UsersTab {...props} />;
    case 'accounts':
      return <AccountsTab {...props} />;
    case 'userManagement':
      return <UserManagementTab {...props} />;
    case 'dashboardOwnership':
      return <OwnershipTab {...props} scope="personal" />;
    case 'workspaceOwnership':
      return <OwnershipTab {...props} scope="workspace" />;
    case 'security':
      return <SecurityTab {...props} />;
    case 'api':
      return <ApiTab />;
    case 'usage':
      return <UsageTab {...props} />;
    case 'permissions':
      return <PermissionsTab />;
    case 'alarmSeverity':
      return <AlarmSeverityTab {...props} />;
    case 'audit':
      return <AuditTab {...props} />;
    case 'webhooks':
      return <WebhooksTab {...props} />;
    case 'errors':
      return <ErrorsTab />;
  }
}
