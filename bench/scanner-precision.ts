/**
 * The card scanner's field extraction on the fixture cards: precision and recall per field, on the cards it
 * was tuned with and on the held-out ones written afterwards. Run: npm run bench:scanner
 */
import { fixtureCards, heldOutCards, precisionPerField } from '../packages/shared/test/scanner/fixture-cards';

for (const [title, cards] of [
  [`Tuned cards (${fixtureCards.length})`, fixtureCards],
  [`Held-out cards (${heldOutCards.length})`, heldOutCards],
] as const) {
  process.stdout.write(`\n${title}\nfield         predicted  correct  expected  precision  recall\n`);
  for (const row of precisionPerField(cards)) {
    const cells = [row.field.padEnd(13), String(row.predicted).padStart(9), String(row.correct).padStart(8), String(row.expected).padStart(9)];
    process.stdout.write(`${cells.join(' ')}  ${row.precision.toFixed(2).padStart(9)}  ${row.recall.toFixed(2).padStart(6)}\n`);
  }
}
