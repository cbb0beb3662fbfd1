import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../run/fake-clock.test-support';
import { scriptedSummarizer } from '../../run/scripted-summarizer.test-support';
import type { Message } from '../../transcript/model';
import { message } from './auto-compactor.test-support';
import { compactSession } from './compact-session';
import type { Preparation } from './prepare-compaction';
import { resolvePrompts } from './prompt-assembly';
import { sanitizeSummary } from './summary-sanitizer';

describe('summary sanitizer (spec §1.8)', () => {
  it('sanitizer: the incident note is stripped and durable bullets are kept', () => {
    const text = '## Progress\n[context note: your last tool call was dropped by the harness]\n- [x] Landed the fix in src/a.ts.';
    const result = sanitizeSummary(text);
    expect(result.text).toBe('## Progress\n- [x] Landed the fix in src/a.ts.');
    expect(result.stripped).toEqual(['[context note: your last tool call was dropped by the harness]']);
  });

  it('sanitizer: 2 stripped spans are reported', () => {
    const result = sanitizeSummary('- Fixed it. You just pushed the branch.\n[CONTEXT NOTE — trimmed]\nok');
    expect(result.stripped).toHaveLength(2);
    expect(result.text).toBe('- Fixed it.\nok');
  });

  it('sanitizer: durable temporal facts survive', () => {
    const text = '- the last release was v1.0.492\n- The user asked you to re-run the tests after the fix.';
    expect(sanitizeSummary(text)).toEqual({ text, stripped: [] });
  });

  it('sanitizer: hedges survive', () => {
    const text = '- [assumed] the cache may not be warm yet.';
    expect(sanitizeSummary(text).text).toBe(text);
  });

  it('sanitizer: a partial bullet keeps its marker', () => {
    expect(sanitizeSummary('- [x] Landed the fix. Your last edit was trimmed from context.').text).toBe('- [x] Landed the fix.');
  });

  it('sanitizer: modal "you just need to…" survives; "You just pushed the branch." is stripped', () => {
    expect(sanitizeSummary('To finish, you just need to run the build.').text).toBe('To finish, you just need to run the build.');
    expect(sanitizeSummary('Done. You just pushed the branch.').text).toBe('Done.');
    expect(sanitizeSummary('You just ran the suite.').text).toBe('');
  });

  it('sanitizer: "You\'ve just…", "You\'re about to…" and "You were just about to…" are stripped', () => {
    const text = "- You've just opened the file.\n- You're about to deploy.\n- You were just about to commit.\n- kept";
    expect(sanitizeSummary(text).text).toBe('- kept');
  });

  it('sanitizer: a note wrapped over 3 lines is stripped', () => {
    expect(sanitizeSummary('a\n[context note: line one\nline two\nline three]\nb').text).toBe('a\nb');
  });

  it('sanitizer: a note closed 4 or more lines later is kept', () => {
    const text = 'a\n[context note: one\ntwo\nthree\nfour]\nb';
    expect(sanitizeSummary(text).text).toBe(text);
  });

  it('sanitizer: an unterminated note is left alone', () => {
    const text = '[context note: never closed';
    expect(sanitizeSummary(text).text).toBe(text);
  });

  it('sanitizer never touches pinned lines, nor the pinned envelope', () => {
    const pin = 'Always run the tests. You just ran them? Run again.';
    const text = `- ${pin}\n<pinned-skill-directives>\nYou just pushed the branch.\n</pinned-skill-directives>\nYou just pushed the branch.`;
    const result = sanitizeSummary(text, new Set([pin]));
    expect(result.text).toBe(`- ${pin}\n<pinned-skill-directives>\nYou just pushed the branch.\n</pinned-skill-directives>`);
  });
});

/** The incident note of issue #1131, as the upstream tests spell it. */
/** The checkpoint upstream's persist-path tests feed in (summary_sanitizer_test.dart). */
const poisonedCheckpoint = "## Progress\n- Your LAST tool call's RESULT was dropped from context.\n- The login crash is fixed.\n";

/** A preparation of two messages to summarize, with a previous checkpoint when given (the update path). */
function preparation(previousSummary?: string): Preparation {
  const text = (role: 'user' | 'assistant', body: string): Message => message(role, [{ kind: 'text', text: body }]);
  return { boundaryStart: 0, firstKeptIndex: 2, isSplitTurn: false, messagesToSummarize: [text('user', 'u1'), text('assistant', 'a1')], turnPrefixMessages: [], kept: [], fileOperations: { readFiles: [], modifiedFiles: [] }, previousSummary };
}

const incidentNote =
  "[CONTEXT NOTE — Your LAST tool call's RESULT was dropped from context; the drop happened DURING an earlier compacted span (the type 968 multi-file sweep). If you were mid-sweep, re-run only what you still need.]";

/** Upstream's `summary_sanitizer_test.dart` at 06dac738, input by input, with the outputs its code gives. */
describe('summary sanitizer: upstream summary_sanitizer_test.dart (S1–S22)', () => {
  it('S1: "strips the incident claim (second person + drop)"', () => {
    const result = sanitizeSummary(`## Progress\n### Done\n- Fixed the login crash.\n${incidentNote}\n- The parser now handles unicode paths.\n`);
    expect(result.text).toBe('## Progress\n### Done\n- Fixed the login crash.\n- The parser now handles unicode paths.\n');
    expect(result.stripped).toEqual([incidentNote]);
  });

  it('S2: "reports every stripped span (the log payload)"', () => {
    const result = sanitizeSummary(`Your last tool call's result was dropped. Keep going.\n${incidentNote}\n`);
    expect(result.text).toBe('Keep going.\n');
    expect(result.stripped).toEqual([incidentNote, "Your last tool call's result was dropped."]);
  });

  it('S3: "E1 pins: durable temporal facts survive verbatim"', () => {
    const durable = '## Key Decisions\n- **Pin**: the last release was v1.0.492.\n- The current maintainer is IstiN.\n- The user asked you to re-run the tests after the fix.\n';
    expect(sanitizeSummary(durable)).toEqual({ text: durable, stripped: [] });
  });

  it('S4: "clean summaries survive byte-identical"', () => {
    const clean = '## Open User Requests\n- [ ] ship it (asked 2026-09-30, r1)\n\n## Goal\nFix the compaction loop.\n';
    expect(sanitizeSummary(clean)).toEqual({ text: clean, stripped: [] });
  });

  it('S5: "uncertainty qualifiers survive sanitization (gh-1219)"', () => {
    const hedged =
      '## Critical Context\n- [assumed] machine review may not auto-approve dart #340; no human gate exists in the design.\n' +
      '- [verified] 5 issues produced 0 PRs for 8h (merge queue empty).\n- The flake is suspected to be timing-related; unconfirmed.\n';
    expect(sanitizeSummary(hedged)).toEqual({ text: hedged, stripped: [] });
  });

  it('S6: "a partially stripped bullet keeps its marker"', () => {
    const result = sanitizeSummary('- [x] Landed the fix. Your last tool call was dropped.\n');
    expect(result.text).toBe('- [x] Landed the fix.\n');
    expect(result.stripped).toEqual(['Your last tool call was dropped.']);
  });

  it('S7: "T1: durable reported speech with second person survives"', () => {
    const durable =
      '## Open User Requests\n- [ ] The user asked you to re-run the full suite after the previous fix lands.\n' +
      '- The user asked you to bump the version; CI currently fails on the release job.\n';
    expect(sanitizeSummary(durable)).toEqual({ text: durable, stripped: [] });
  });

  it('S8: "T2: unbracketed \\"context note:\\" mentions survive"', () => {
    const prose = 'Documented the context note: format used by the pairing repairer. See the docs page [redaction] for details.\n';
    expect(sanitizeSummary(prose)).toEqual({ text: prose, stripped: [] });
    const bullets = '## Progress\n- Added a context note: renderer\n- Fixed the parser\n';
    expect(sanitizeSummary(bullets)).toEqual({ text: bullets, stripped: [] });
  });

  it('S9: "T2: an unterminated bracketed opener is left untouched"', () => {
    const text = 'See [context note: docs for the format\n- Fixed the parser\n';
    expect(sanitizeSummary(text)).toEqual({ text, stripped: [] });
  });

  it('S10: "T4: a bare list marker left by a strip is dropped, not duplicated"', () => {
    const result = sanitizeSummary('## Next Steps\n1. Ship the release.\n2. You just ran the 968 sweep.\n');
    expect(result.text).toBe('## Next Steps\n1. Ship the release.\n');
    expect(result.stripped).toEqual(['You just ran the 968 sweep.']);
  });

  it('S11: "R2-T1: possessive mentions of prior user artifacts survive"', () => {
    const constraints = '## Constraints & Preferences\n- Rebase your previous commits before every push.\n- Copy your last release notes into the announcement.\n';
    expect(sanitizeSummary(constraints)).toEqual({ text: constraints, stripped: [] });
  });

  it('S12: "R2-T2: a line-wrapped context note is stripped whole"', () => {
    const wrapped =
      "[CONTEXT NOTE — Your LAST tool call's RESULT was dropped from\ncontext; the drop happened DURING an earlier compacted span. If\n" +
      'you were mid-sweep, re-run only what you still need.]\n- Fixed the parser\n';
    const result = sanitizeSummary(wrapped);
    expect(result.text).toBe('- Fixed the parser\n');
    expect(result.stripped).toHaveLength(1);
    expect(result.stripped[0]).toContain('mid-sweep');
  });

  it('S13: "R2-T2: a close beyond the 2-line window is not a note"', () => {
    const far = 'Kept the [context note: one line\n\n\n\nthe close lands here]\n- Fixed the parser\n';
    expect(sanitizeSummary(far)).toEqual({ text: far, stripped: [] });
  });

  it('S14: "R2-T3: contracted and interpolated drop claims strip"', () => {
    const result = sanitizeSummary(
      "You've just landed the fix. You're about to lose the staging env. You were just about to run the sweep when the turn ended.\n- The staging env still exists.\n",
    );
    expect(result.text).toBe('- The staging env still exists.\n');
    expect(result.stripped).toHaveLength(3);
  });

  it('S15: "R3: modal \\"you just need/have to\\" instructions survive"', () => {
    const next = '## Next Steps\n1. You just need to re-run make to finish.\n2. You just have to wait for CI.\n';
    expect(sanitizeSummary(next)).toEqual({ text: next, stripped: [] });
  });

  it('S16: "R3: modal \\"if you just look\\" coaching survives"', () => {
    const coaching = 'If you just look at the failing test, the cause is obvious.\n- The failing test is test/compaction/token_estimation_test.dart.\n';
    expect(sanitizeSummary(coaching)).toEqual({ text: coaching, stripped: [] });
  });

  it('S17: "R3: \\"you just\\" + past-tense event verb still strips"', () => {
    const result = sanitizeSummary('You just pushed the branch. You just deleted the staging cluster.\n- The branch is feature/next on origin.\n');
    expect(result.text).toBe('- The branch is feature/next on origin.\n');
    expect(result.stripped).toEqual(['You just pushed the branch.', 'You just deleted the staging cluster.']);
  });

  it('S18: "R4: common coding past-tense verbs strip"', () => {
    const result = sanitizeSummary('You just fixed the login crash. You just added a regression test. You just merged the PR.\n- The PR is #1102 on origin.\n');
    expect(result.text).toBe('- The PR is #1102 on origin.\n');
    expect(result.stripped).toHaveLength(3);
  });

  it('S19: "R4: reported speech and present-tense duties survive" (said is not in the list)', () => {
    const durable = 'You just said the opposite of what the log shows.\nYou just head the review queue now, nothing else.\n- The log shows exit code 1.\n';
    expect(sanitizeSummary(durable)).toEqual({ text: durable, stripped: [] });
  });

  it('S20: "R5: common irregular past verbs strip"', () => {
    const result = sanitizeSummary(
      'You just found the bug. You just broke the build. You just sent the review. You just took the lock. You just left the meeting. You just lost the ticket.\n' +
        '- The ticket is OPS-4821 on the board.\n',
    );
    expect(result.text).toBe('- The ticket is OPS-4821 on the board.\n');
    expect(result.stripped).toHaveLength(6);
  });

  it('S21: "R5: reported-speech told survives like said"', () => {
    const durable = 'You just told me to rebase first.\n- The rebase is pending on origin/main.\n';
    expect(sanitizeSummary(durable)).toEqual({ text: durable, stripped: [] });
  });

  it('S22: "R6: unambiguous irregular pasts strip"', () => {
    const result = sanitizeSummary('You just began the retry. You just forgot the flag. You just sold the license. You just threw the switch.\n- The license key is in the vault.\n');
    expect(result.text).toBe('- The license key is in the vault.\n');
    expect(result.stripped).toHaveLength(4);
  });
});

describe('summary sanitizer: upstream gh-1409 pin exemption and persist/render-path texts (S23–S31, S41)', () => {
  const pinLine = 'your last action before declaring done must be running the suite, or the run is dropped from the report';
  const ephemeralNeighbor = "Your last tool call's result was dropped from context.";

  it('S23: "UT-PIN-6: pin-carrying lines are never stripped or rewritten"', () => {
    const result = sanitizeSummary(`Goal unchanged. ${ephemeralNeighbor}\nThe skill says: "${pinLine}"\n`, new Set([pinLine]));
    expect(result.text).toBe(`Goal unchanged.\nThe skill says: "${pinLine}"\n`);
    expect(result.stripped).toEqual([ephemeralNeighbor]);
  });

  it('S24: "a pin line rides a bullet untouched while neighbors strip"', () => {
    const result = sanitizeSummary(`- "${pinLine}"\n- ${ephemeralNeighbor}\n`, new Set([pinLine]));
    expect(result.text).toBe(`- "${pinLine}"\n`);
    expect(result.stripped).toEqual([`- ${ephemeralNeighbor}`]);
  });

  it('S25: "REG-PIN-2: pin lines never appear in `stripped`"', () => {
    const result = sanitizeSummary(`${ephemeralNeighbor}\n"${pinLine}"\n`, new Set([pinLine]));
    expect(result.stripped.some((span) => span.includes(pinLine))).toBe(false);
    expect(result.text).toBe(`"${pinLine}"\n`);
  });

  it('S26: "envelope: lines inside <pinned-skill-directives> are structurally exempt"', () => {
    const summary = `${ephemeralNeighbor}\n<pinned-skill-directives>\n- "${pinLine}" (pinned from skill \`guard\`)\n</pinned-skill-directives>\n`;
    const result = sanitizeSummary(summary);
    expect(result.text).toBe(`<pinned-skill-directives>\n- "${pinLine}" (pinned from skill \`guard\`)\n</pinned-skill-directives>\n`);
    expect(result.stripped).toEqual([ephemeralNeighbor]);
  });

  it('S27: "without protection the same line WOULD be stripped (negative guard for the exemption)"', () => {
    const result = sanitizeSummary(`"${pinLine}"\n`);
    expect(result.text).toBe('');
    expect(result.stripped).toEqual([`"${pinLine}"`]);
  });

  it('S28: "compact() strips ephemeral claims and logs them in details" — the summary written is clean, the stripped span recorded', async () => {
    const summarizer = scriptedSummarizer([{ text: poisonedCheckpoint }], new FakeClock());
    const result = await compactSession(preparation(), { summarizer, role: 'main', prompts: resolvePrompts(), pinned: null, signal: new AbortController().signal, onCall: () => undefined });
    expect(result.summary).not.toContain('was dropped');
    expect(result.summary).toContain('The login crash is fixed.');
    expect(result.sanitizedEphemeral).toHaveLength(1);
    expect(result.sanitizedEphemeral[0]).toContain('was dropped');
  });

  it('S41: "T3: generateSummary heals previousSummary before the prompt" — the update prompt carries the healed checkpoint, not the poison', async () => {
    const summarizer = scriptedSummarizer([{ text: '## Progress\n- The login crash is fixed.' }], new FakeClock());
    await compactSession(preparation(poisonedCheckpoint), { summarizer, role: 'main', prompts: resolvePrompts(), pinned: null, signal: new AbortController().signal, onCall: () => undefined });
    const [request] = summarizer.requests;
    expect(request.prompt).toContain('<previous-checkpoint>');
    expect(request.prompt).not.toContain('was dropped');
    expect(request.prompt).toContain('The login crash is fixed.');
  });

  it('S29: the text of "poisoned compaction record projects clean many turns later": the incident note under a progress bullet goes, the bullet stays (the lab does not sanitize again when it shows a summary: D33)', () => {
    expect(sanitizeSummary(`## Progress\n- Fixed the parser.\n${incidentNote}\n`).text).toBe('## Progress\n- Fixed the parser.\n');
  });

  it('S30: the summary of "generateBranchSummary sanitizes the LLM prose"', () => {
    expect(sanitizeSummary(`## Goal\nFix the loop.\n${incidentNote}\n`).text).toBe('## Goal\nFix the loop.\n');
  });

  it('S31: the text of "checkpoint render sanitizes poisoned text": a note after prose goes, the space before it stays', () => {
    expect(sanitizeSummary(`Checkpoint: the loop was fixed. ${incidentNote}`)).toEqual({ text: 'Checkpoint: the loop was fixed. ', stripped: [incidentNote] });
  });
});

describe('summary sanitizer: what summary_sanitizer.dart does that the earlier port did not (S32–S40)', () => {
  it('S32: "You just came back from lunch." is stripped (came, heard, flew, grew are in the list)', () => {
    for (const verb of ['came', 'heard', 'flew', 'grew']) {
      expect(sanitizeSummary(`Done. You just ${verb} back.`)).toEqual({ text: 'Done.', stripped: [`You just ${verb} back.`] });
    }
  });

  it('S33: the homographs hit, cut, set, put, read and the reported-speech verbs said, told are not claims', () => {
    for (const verb of ['hit', 'cut', 'set', 'put', 'read', 'said', 'told']) {
      const text = `You just ${verb} the target.`;
      expect(sanitizeSummary(text)).toEqual({ text, stripped: [] });
    }
  });

  it('S34: the possessive arm needs the loss verb before the next period ("config.yaml" ends the search)', () => {
    const kept = 'Your last edit to config.yaml was removed by the revert.';
    expect(sanitizeSummary(kept)).toEqual({ text: kept, stripped: [] });
    expect(sanitizeSummary('Your last edit to the config was removed by the revert.').text).toBe('');
  });

  it('S35: a note takes its line break only from column 0 and when the break directly follows it', () => {
    expect(sanitizeSummary('a\n  [context note: x]\nb')).toEqual({ text: 'a\n  \nb', stripped: ['[context note: x]'] });
    expect(sanitizeSummary('a\n[context note: x] tail\nb').text).toBe('a\n tail\nb');
    expect(sanitizeSummary('a\n[context note: x]').text).toBe('a\n');
    expect(sanitizeSummary('Done [context note: x] here').text).toBe('Done  here');
  });

  it('S36: notes are stripped everywhere before the pin exemption: inside the envelope and on a pinned line', () => {
    const pin = 'Always run the tests.';
    const text = `- ${pin} [context note: trimmed]\n<pinned-skill-directives>\n[context note: gone]\n- ${pin}\n</pinned-skill-directives>`;
    const result = sanitizeSummary(text, new Set([pin]));
    expect(result.text).toBe(`- ${pin} \n<pinned-skill-directives>\n- ${pin}\n</pinned-skill-directives>`);
    expect(result.stripped).toEqual(['[context note: trimmed]', '[context note: gone]']);
  });

  it('S37: the stripped span of a leading bullet sentence keeps its marker, and the rest gets a bare marker back', () => {
    const result = sanitizeSummary('- [x] You just ran it. Done.');
    expect(result.text).toBe('- Done.');
    expect(result.stripped).toEqual(['- [x] You just ran it.']);
  });

  it('S38: a line left holding only whitespace stays as an empty line; "1)" is not a list marker', () => {
    expect(sanitizeSummary('a\nYou just ran it.  \nb').text).toBe('a\n\nb');
    expect(sanitizeSummary('1) You just ran it. Done.').text).toBe('Done.');
  });

  it('S39: whole-word verbs only: "you just redeemed" strips, "you just ed" and "you just rang" do not', () => {
    expect(sanitizeSummary('You just redeemed it.').text).toBe('');
    expect(sanitizeSummary('You just ed it.').text).toBe('You just ed it.');
    expect(sanitizeSummary('You just rang it.').text).toBe('You just rang it.');
  });

  it('S40: "about to" needs one space, so "you\'re about  to" survives', () => {
    expect(sanitizeSummary("You're about  to deploy.").text).toBe("You're about  to deploy.");
    expect(sanitizeSummary("You're about to deploy.").text).toBe('');
  });
});
