import { probePromptMarkers } from '../src/engine/probes/probe-prompts';
import { chooseLiveRungs, closeDialog, expect, generateCalls, liveSample, runCompaction, saveKey, setConfig, test } from './live-fixtures';

// Probe mode against the mock provider: the mock answers each probe step (recognised by its prompt's marker) from a
// script, so the scores the page shows follow from known answers.

const openaiKey = 'sk-test-openai-0000-PROBE';
const markers = probePromptMarkers;
const scripts = [
  {
    match: markers.write,
    text: JSON.stringify([
      { kind: 'recall', question: 'Which test runner was used?', answer: 'pytest' },
      { kind: 'artifact', question: 'Which file was changed?', answer: 'src/parser.py' },
      { kind: 'continuation', question: 'What was the next step?', answer: 'rerun the failing test' },
      { kind: 'decision', question: 'Why was the retry removed?', answer: 'it hid real failures' },
    ]),
  },
  { match: markers.answer, text: '{"P1": "pytest", "P2": "unknown", "P3": "run the tests again", "P4": "to go faster"}' },
  { match: markers.grade, text: '[{"id":"P1","grade":"correct","reason":"same runner"},{"id":"P3","grade":"partial","reason":"vaguer"},{"id":"P4","grade":"wrong","reason":"another reason"}]' },
];

test('probe mode shows its calls and cost before sending anything, then scores each kind from the answers', async ({ page, mock }) => {
  mock.setScripts(scripts);
  await page.goto(liveSample);
  await chooseLiveRungs(page, { main: { provider: 'openai', model: 'gpt-4o-mini', baseURL: `${mock.url}/v1` } });
  await saveKey(page, 'OpenAI', openaiKey);
  await closeDialog(page);
  await setConfig(page, { force: true, keepRecentTokens: 300 });
  await runCompaction(page);
  const compactionCalls = generateCalls(mock).length;
  await page.getByRole('tab', { name: 'Retention' }).click();
  const probes = page.getByRole('region', { name: 'Probe with a live model' });
  await probes.getByRole('combobox', { name: 'Questions per kind' }).selectOption('1');
  const plan = probes.getByRole('table', { name: 'Probe calls' });
  await expect(plan.getByRole('row')).toHaveCount(5);
  await expect(plan).toContainText('Write the questions from the compacted messages');
  await expect(probes).toContainText(/3 calls to gpt-4o-mini at 127\.0\.0\.1:\d+ with your key, for 4 questions — at most \$0\.\d+ at list price/);
  expect(generateCalls(mock)).toHaveLength(compactionCalls);

  await probes.getByRole('button', { name: 'Run probes (3 calls)' }).click();
  const scores = probes.getByRole('table', { name: 'Probe scores by kind' });
  await expect(scores.getByRole('row', { name: /^Recall/ })).toContainText('100.0%');
  await expect(scores.getByRole('row', { name: /^Artifact/ })).toContainText('0.00%');
  await expect(scores.getByRole('row', { name: /^Continuation/ })).toContainText('50.0%');
  await expect(scores.getByRole('row', { name: /^Decision/ })).toContainText('0.00%');
  await expect(probes.getByRole('status').filter({ hasText: /^Pass 1: 37\.5% over 4 questions/ })).toBeVisible();
  const questions = probes.getByRole('list', { name: 'Probe questions' }).getByRole('listitem');
  await expect(questions).toHaveCount(4);
  await expect(questions.nth(1)).toContainText('Which file was changed?');
  await expect(questions.nth(1)).toContainText('src/parser.py');
  await expect(questions.nth(1)).toContainText('not in the context');
  expect(generateCalls(mock).slice(compactionCalls).map((call) => call.scripted)).toEqual([markers.write, markers.answer, markers.grade]);
  const network = page.getByRole('table', { name: 'Network requests' });
  await expect(network).toContainText('probe (write)');
  await expect(network).toContainText('probe (grade)');

  // The same questions asked of another run: only the answer and grade calls, and the earlier scores beside the new.
  mock.setScripts([
    { match: markers.answer, text: '{"P1": "pytest", "P2": "src/parser.py", "P3": "rerun the failing test", "P4": "it hid real failures"}' },
    { match: markers.grade, text: '[{"id":"P1","grade":"correct"},{"id":"P2","grade":"correct"},{"id":"P3","grade":"correct"},{"id":"P4","grade":"correct"}]' },
  ]);
  await setConfig(page, { force: true, keepRecentTokens: 2000 });
  await runCompaction(page);
  const callsBefore = generateCalls(mock).length;
  await probes.getByRole('checkbox', { name: /Ask the same 4 questions as the last probe run/ }).check();
  await expect(probes.getByRole('radio', { name: /Built from the extracted facts/ })).toBeDisabled();
  await expect(probes).not.toContainText('Questions come from the latest');
  await probes.getByRole('button', { name: 'Run probes (2 calls)' }).click();
  await expect(probes.getByRole('status').filter({ hasText: /^Pass 1: 100\.0% over 4 questions asked again, .* The same questions scored 37\.5% on pass 1 of the earlier probe run \(\+62\.5 points\)\.$/ })).toBeVisible();
  await expect(scores.getByRole('row', { name: /^Artifact/ }).getByRole('cell')).toHaveText(['1', '100.0% (+100.0 points)', '0.00%']);
  await expect(questions.nth(1)).toContainText('Earlier run');
  expect(generateCalls(mock).slice(callsBefore).map((call) => call.scripted)).toEqual([markers.answer, markers.grade]);
  await page.screenshot({ path: 'test-results/screenshots/probes.png', fullPage: true });
});

test('probe mode needs a live model, and a probe run can be cancelled mid-call', async ({ page, mock }) => {
  await page.goto(liveSample);
  await setConfig(page, { force: true, keepRecentTokens: 300 });
  await runCompaction(page);
  await page.getByRole('tab', { name: 'Retention' }).click();
  const probes = page.getByRole('region', { name: 'Probe with a live model' });
  await expect(probes.getByRole('note')).toContainText('the summarizer is offline');
  await expect(probes.getByRole('button', { name: /^Run probes/ })).toBeDisabled();

  await chooseLiveRungs(page, { main: { provider: 'openai-compatible', model: 'mock-hang', baseURL: `${mock.url}/v1` } });
  await closeDialog(page);
  await probes.getByRole('radio', { name: /Built from the extracted facts/ }).check();
  await expect(probes.getByRole('table', { name: 'Probe calls' })).toContainText('Answer from the compacted context only');
  await expect(probes).toContainText('cost unknown: mock-hang is not in the price table');
  await probes.getByRole('button', { name: 'Run probes (1 call)' }).click();
  await expect(probes.getByRole('status').filter({ hasText: 'Answer from the compacted context only…' })).toBeVisible();
  await expect.poll(() => generateCalls(mock).length).toBe(1);
  await probes.getByRole('button', { name: 'Cancel probes' }).click();
  await expect(probes.getByRole('status').filter({ hasText: 'Probing was cancelled.' })).toBeVisible();
  await expect.poll(() => generateCalls(mock)[0].closedEarly).toBe(true);
});
