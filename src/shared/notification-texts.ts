// The bell's texts. Apart from notifications.ts's schemas, with no zod: the bell is on every portal page
// (decision 037).
export const notificationTexts = {
  popoverTitle: 'Notifications',
  markAllRead: 'Mark all as read',
  loadMore: 'Load more',
  empty: 'You have no notifications.',
  loadError: 'Your notifications could not be loaded.',
  unread: 'Unread',
  preferencesTitle: 'Email notifications',
  preferencesDescription: 'Choose what we also tell you by email. Everything still appears under the bell.',
  offersAlwaysEmailed: 'Offers and accepted offers are always emailed.',
  preferencesSaved: 'Email notifications saved',
  notYours: 'This notification does not exist, or it is not yours.',
  notForYourRole: (label: string) => `${label} are not sent to your kind of account.`,
} as const;

export const bellLabel = (unreadCount: number) =>
  unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications';
