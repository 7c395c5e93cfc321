import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../config/project-root';
import { COMMON_PASSWORDS_FILE, isCommonPassword } from './common-passwords';

describe('the common-password list shipped in the repository', () => {
  it('is a plain text file of lowercase passwords, one a line', () => {
    const lines = readFileSync(path.join(projectRoot(), COMMON_PASSWORDS_FILE), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(lines.length).toBeGreaterThan(1000);
    expect(lines.every((line) => line === line.toLowerCase().trim())).toBe(true);
    expect(lines).toContain('password');
    expect(lines).toContain('qwertyuiop');
  });

  it('recognises the passwords attackers try first', () => {
    for (const weak of [
      '1234567890',
      'qwertyuiop',
      'Password123!',
      'iloveyou2026',
      'Football1234',
      'abcdefghij',
      '1q2w3e4r5t',
    ]) {
      expect(isCommonPassword(weak), weak).toBe(true);
    }
    for (const fine of [
      'correct horse battery',
      'a-strong-password',
      'Mint loves PR boxes',
      'tq7#Lm2!vz9P',
    ]) {
      expect(isCommonPassword(fine), fine).toBe(false);
    }
  });
});
