/**
 * The TikTok username a sign-in read (GET /v2/user/info/), handed from the provider's profile read to the sign-in's
 * after-hook in the same callback request (Better Auth keeps only the name, image and email of a profile), so that
 * `onSignedIn` can keep it as the creator's TikTok handle (issue 41). Entries are taken once and expire after 10
 * minutes; at most 1,000 are held.
 */
export class SignInHandles {
  private readonly entries = new Map<string, { handle: string; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  remember(accountId: string, handle: string): void {
    this.entries.delete(accountId);
    this.entries.set(accountId, { handle, at: this.now() });
    while (this.entries.size > 1_000) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  take(accountId: string): string | undefined {
    const entry = this.entries.get(accountId);
    this.entries.delete(accountId);
    if (!entry || this.now() - entry.at > 10 * 60_000) return undefined;
    return entry.handle;
  }
}
