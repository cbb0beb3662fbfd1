import { describe, expect, it } from 'vitest';
import { findPaths } from './text-facts';

describe('findPaths: a slash-joined list of words is not a path (issue 27)', () => {
  it('leaves out prose joined by slashes', () => {
    for (const prose of ['14 tests covering start/touch/end/status/sweep', 'read/write/execute rights', 'a positive/negative/neutral label', 'the add/commit/push loop', 'sessions go active/ended/inactive']) {
      expect(findPaths(prose)).toEqual([]);
    }
  });

  it('still finds real paths: rooted, with an extension, with a segment no word has, or under a conventional folder', () => {
    const text = [
      'Edited lib/spotter/services/active_session_registry.ex and src/marshmallow/fields.py;',
      'see src/engine/retention, /usr/local/lib/node, ~/projects/app, ./scripts/test.sh and ../shared/spec;',
      'node_modules/react-dom/client, e2e/fixtures/transcripts, spotter/services/SessionRegistry, refs/heads/main.',
    ].join(' ');
    expect(findPaths(text)).toEqual([
      'lib/spotter/services/active_session_registry.ex',
      'src/marshmallow/fields.py',
      'src/engine/retention',
      '/usr/local/lib/node',
      '~/projects/app',
      './scripts/test.sh',
      '../shared/spec',
      'node_modules/react-dom/client',
      'e2e/fixtures/transcripts',
      'spotter/services/SessionRegistry',
      'refs/heads/main',
    ]);
  });

  it('finds a relative path whose conventional folder is not its first segment, in any case', () => {
    const paths = ['frontend/src/components', 'server/routes/users', 'web/app/page', 'api/handlers/users', 'services/auth/tokens', 'android/app/src', 'Sources/App/Models'];
    for (const path of paths) expect(findPaths(`edited ${path} today`)).toEqual([path]);
  });
});
