import { useEffect } from 'react';
import { i18n } from '@/i18n/i18n.ts';
import { useUserStore } from '@/stores/user.ts';
import { eventKeys } from './eventsApi.ts';
import { onLive } from './live.ts';
import { invalidateLive } from './query.ts';

/** Whether the browser may show desktop notifications for this page now. */
export const desktopPermission = (): NotificationPermission | 'unsupported' =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/**
 * Live updates of the event engine's records: new events, notifications and tasks, an event's
 * acknowledgement and notifications marked seen (in any of the user's tabs) refresh their lists
 * and the shell's unread count; a notification for this user also shows as a desktop
 * notification when the user's desktop preference is on and the browser allows it.
 */
export function useEventUpdates() {
  useEffect(
    () =>
      onLive((m) => {
        // A new event, or one acknowledged (by anyone): the lists and the open views of events.
        if (m.kind === 'event' || m.kind === 'acknowledged') {
          invalidateLive(eventKeys.events);
        } else if (m.kind === 'task') invalidateLive(eventKeys.tasks);
        else if (m.kind === 'notificationsSeen') {
          // This user's notifications were marked seen, here or in another tab: the list and the bell.
          invalidateLive(eventKeys.notifications);
        } else if (m.kind === 'notification') {
          invalidateLive(eventKeys.notifications);
          if (useUserStore.getState().notifications.desktop && desktopPermission() === 'granted') {
            new Notification(i18n.t('notifications.desktopTitle'), {
              body: String(m.message ?? ''),
              tag: String(m.notificationId ?? ''),
            });
          }
        }
      }),
    [],
  );
}
