/**
 * The mails a creator may switch off (issue 13). Account and money mails (sign-in codes, password, email and PayPal
 * changes, payouts, moderation, a changed shipping address) are not here: they are always sent.
 */
export const CREATOR_MAIL_CATEGORIES = [
  'application_decisions',
  'shipping_delivery',
  'content_reviews',
  'deadline_reminders',
  'messages',
] as const;
export type CreatorMailCategory = (typeof CREATOR_MAIL_CATEGORIES)[number];

/** The label and the line under it on the profile page. */
export const CREATOR_MAIL_CATEGORY_TEXT: Record<CreatorMailCategory, { label: string; description: string }> =
  {
    application_decisions: {
      label: 'Application decisions',
      description: 'When a brand accepts or declines your application.',
    },
    shipping_delivery: {
      label: 'Shipping and delivery',
      description: 'When your PR box ships, and replies about a delivery problem you reported.',
    },
    content_reviews: {
      label: 'Content reviews',
      description: 'When your content is approved or the brand asks for changes.',
    },
    deadline_reminders: {
      label: 'Deadline reminders',
      description: 'A reminder before your upload deadline, and a note when it has passed.',
    },
    messages: {
      label: 'Messages from brands',
      description:
        'When a message from a campaign team has waited unread for 10 minutes (at most one an hour).',
    },
  };

/** The mail preferences of one creator: true = the category is sent. */
export type CreatorMailPreferences = Record<CreatorMailCategory, boolean>;

/** Preferences from the stored list of switched-off categories (unknown names are ignored). */
export function preferencesFromOptOuts(optOuts: readonly string[]): CreatorMailPreferences {
  return Object.fromEntries(
    CREATOR_MAIL_CATEGORIES.map((category) => [category, !optOuts.includes(category)]),
  ) as CreatorMailPreferences;
}

/** The list stored for the given preferences. */
export function optOutsFromPreferences(preferences: CreatorMailPreferences): CreatorMailCategory[] {
  return CREATOR_MAIL_CATEGORIES.filter((category) => !preferences[category]);
}
