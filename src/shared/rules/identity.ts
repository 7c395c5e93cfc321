/** Naming rules for creator records (spec §3 Social-sign-in profile, §5 Generated username, TikTok email). */

export function emailLocalPart(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.indexOf('@');
  return (at >= 0 ? email.slice(0, at) : email).trim();
}

/** Lower-cased name without non-alphanumerics; else the part of the email before @; else 'user' + a timestamp. */
export function generateUsername(
  name: string | null | undefined,
  email: string | null | undefined,
  now = Date.now(),
): string {
  const fromName = (name ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
  if (fromName) return fromName;
  const fromEmail = emailLocalPart(email);
  if (fromEmail) return fromEmail;
  return `user${now}`;
}

/** The display name of a social profile: the full name, else the part of the email before @, else 'User'. */
export function profileDisplayName(
  name: string | null | undefined,
  email: string | null | undefined,
): string {
  const trimmed = (name ?? '').trim();
  if (trimmed) return trimmed;
  return emailLocalPart(email) || 'User';
}

/** The hostname placeholder addresses live on, for an app served at `appUrl`. */
export function placeholderEmailDomain(appUrl: string): string {
  return `tiktok.${new URL(appUrl).hostname}`;
}

/** TikTok gives no email: the account gets one derived from the open_id on the product's own domain. */
export function tiktokPlaceholderEmail(openId: string, appUrl: string): string {
  const local = openId.replace(/[^a-zA-Z0-9]/g, '').toLowerCase() || 'tiktokuser';
  return `${local}@${placeholderEmailDomain(appUrl)}`;
}

export function isPlaceholderEmail(email: string | null | undefined, appUrl: string): boolean {
  if (!email) return false;
  return email.toLowerCase().endsWith(`@${placeholderEmailDomain(appUrl)}`);
}
