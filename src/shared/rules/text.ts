/** Characters that no text field of the product takes. */

/**
 * Whether `text` holds a control character: C0 (U+0000 to U+001F), DEL and C1 (U+007F to U+009F). `allowed` lists
 * the ones a field may keep (tab and line breaks in free text).
 */
export function hasControlCharacter(text: string, allowed = ''): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 || (code >= 0x7f && code <= 0x9f)) && !allowed.includes(text[i]!)) return true;
  }
  return false;
}

/** Tab, line feed and carriage return: what a person may type into a multi-line field. */
export const TEXT_WHITESPACE = '\t\n\r';
