import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTest, SRC, sourceFiles, srcPath } from '../../../../tests/support/source-tree';

/*
 * Issue 43: a payout's status changes only along the table of moves (src/shared/payout-moves.ts). Every statement that
 * writes the column is in one module, and only the move service calls it; this reads the source and fails on any other
 * writer (an `update(payouts)` setting `status` or spreading columns it cannot see, an `insert(payouts)` choosing a
 * status, or SQL text updating payouts' status).
 */

const WRITER = 'db/queries/payout-status-writes.ts';
const MOVER = 'server/services/payouts/move.ts';

/** The source files of src/ that are not tests (the migrations' folder holds no code). */
const productionFiles = () => sourceFiles(SRC).filter((file) => !isTest(file));

/** The text of a call's parenthesised argument starting at `open` (the index of its "("). */
function argumentAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** Whether an object literal's text names `status` as a key (or gives columns it cannot see: a spread, a variable). */
function mayWriteStatus(columns: string): boolean {
  const literal = columns.trim();
  if (!literal.startsWith('{')) return true;
  return /(^|[{,\s])status\s*[:,}]/.test(literal) || /\.\.\./.test(literal);
}

/** The writes of payouts' status in one file's text, one line each. */
function statusWrites(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\.(update|insert)\(\s*payouts\s*\)/g)) {
    const rest = text.slice(match.index + match[0].length);
    const call = /^\s*\.(set|values)\s*\(/.exec(rest);
    if (!call) continue;
    const columns = argumentAt(rest, call[0].length - 1);
    const values = match[1] === 'insert' ? columns.replace(/^\s*\[/, '') : columns;
    if (mayWriteStatus(values))
      found.push(`${match[1]}(payouts).${call[1]}(${columns.trim().slice(0, 60)}…)`);
  }
  for (const match of text.matchAll(/update\s+payouts\b[^`]*?\bset\b[^`]*?\bstatus\s*=/gi)) {
    found.push(match[0].replace(/\s+/g, ' ').slice(0, 80));
  }
  return found;
}

describe('the single writer of payout status', () => {
  it('finds the writes it guards against (so the scan itself can fail)', () => {
    expect(statusWrites("await tx.update(payouts).set({ status: 'completed' }).where(x);")).toHaveLength(1);
    expect(statusWrites('await tx.update(payouts).set(paidColumns(change)).where(x);')).toHaveLength(1);
    expect(statusWrites('await tx.update(payouts).set({ ...cols, updatedAt: now });')).toHaveLength(1);
    expect(statusWrites("tx.insert(payouts).values({ amount: 5, status: 'failed' })")).toHaveLength(1);
    expect(statusWrites("sql`UPDATE payouts p SET reference = 'x', status = 'completed'`")).toHaveLength(1);
    expect(statusWrites('await tx.update(payouts).set({ paypalStatus: s, updatedAt: now });')).toEqual([]);
    expect(statusWrites('await tx.update(payoutBatches).set({ status: "closed" });')).toEqual([]);
  });

  it('no source file but the one module writes a payout status', () => {
    const writers = productionFiles().flatMap((file) => {
      const where = srcPath(file);
      return where === WRITER ? [] : statusWrites(readFileSync(file, 'utf8')).map((w) => `${where}: ${w}`);
    });
    expect(writers).toEqual([]);
    expect(statusWrites(readFileSync(path.join(SRC, WRITER), 'utf8')).length).toBeGreaterThan(0);
  });

  it('only the move service, which checks the table of moves, calls that module', () => {
    const callers = productionFiles()
      .filter((file) => readFileSync(file, 'utf8').includes('queries/payout-status-writes'))
      .map(srcPath);
    expect(callers).toEqual([MOVER]);
  });
});
