/**
 * The authenticator secrets of the admins a test file enrolled (by username, lower case), shared by the API sign-in
 * (auth-client.ts) and the browser's (browser.ts), so an admin enrolled by one signs in with a code through the other.
 */
export const adminSecrets = new Map<string, string>();
