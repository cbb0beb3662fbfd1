import { expect, test } from '@playwright/test';
import { exactTotal, openEmptyApp, uploadContent } from './helpers';

/** The script and module URLs the thread it runs in fetched (each thread keeps its own resource timeline). */
const fetchedHere = (): string[] => performance.getEntriesByType('resource').map((entry) => entry.name);

/** The tokenizer's o200k rank table, a chunk of its own that only the code counting tokens imports. */
const rankTable = /\/o200k_base-[^/]*\.js$/;

test('a 1 MB string with no spaces is counted in the worker, never on the main thread, and the page answers input meanwhile', async ({ page }) => {
  await openEmptyApp(page);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  // One speaker label makes it a conversation (unlabelled text is refused); the rest is one 1 MB run without spaces.
  let text = 'User:\n';
  for (let index = 0; text.length < 1_000_000; index += 1) text += letters[(index * 7) % 26].repeat(1 + (index % 5));
  await uploadContent(page, 'no-spaces.txt', text);
  await expect(page.getByTestId('detected-format')).toContainText('Plain-text');
  // The page answers input while the worker counts.
  await page.getByLabel('Search messages').fill('abc');
  await expect(page.getByLabel('Search messages')).toHaveValue('abc');
  const total = await exactTotal(page);
  expect(total).toBeGreaterThan(100_000);
  // Where the work ran, not how long it took (a busy machine makes any task long; `npm run bench:ui` times this
  // upload's longest main-thread task): the exact count needs the rank table, which the worker loaded and the page's
  // main thread never did, so the main thread cannot have tokenized the megabyte.
  expect((await page.evaluate(fetchedHere)).filter((url) => rankTable.test(url))).toEqual([]);
  const byWorkers = await Promise.all(page.workers().map((worker) => worker.evaluate(fetchedHere)));
  expect(byWorkers.flat().filter((url) => rankTable.test(url))).toHaveLength(1);
});
