// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepTranscript, pageWorkspaceForgotten, usePageWorkspace, withWorkspace } from '../../workspace/page-workspace';
import { WorkspaceDialog } from './workspace-dialog';

beforeEach(async () => {
  pageWorkspaceForgotten();
  await withWorkspace((workspace) => workspace.clear());
});
afterEach(() => cleanup());

function renderDialog() {
  return render(<WorkspaceDialog openFile={vi.fn(async () => undefined)} compareRuns={() => null} onClose={() => undefined} />);
}

describe('the Workspace panel', () => {
  it('says what to do when nothing is kept yet', async () => {
    renderDialog();
    expect(await screen.findByText(/^Transcripts you open are kept here/)).toBeTruthy();
    expect(screen.getByText(/^No saved configs yet/)).toBeTruthy();
    expect(screen.getByText(/^Every compaction and session replay you run/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists a kept transcript with its format, size and date, renames it and deletes it after asking', async () => {
    await keepTranscript('User: hello\nAssistant: hi', 'chat.txt', 'Plain text');
    renderDialog();
    expect(await screen.findByText('chat.txt')).toBeTruthy();
    expect(screen.getByText(/^Plain text · 25 B · opened .* · on screen$/)).toBeTruthy();
    expect(screen.getByTestId('workspace-storage').textContent).toMatch(/transcripts take 25 B/);
    fireEvent.click(screen.getByRole('button', { name: 'Rename chat.txt' }));
    fireEvent.change(screen.getByLabelText('New name for chat.txt'), { target: { value: 'greeting' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('greeting')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete greeting' }));
    expect(screen.getByText(/^Delete “greeting”\? This cannot be undone\.$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText(/^Transcripts you open are kept here/)).toBeTruthy();
  });

  it('says in words, as an alert, why there is no workspace', async () => {
    usePageWorkspace.setState({ status: 'unavailable', problem: { code: 'blocked', message: 'Another tab holds an older Compaction Lab workspace open.' } });
    renderDialog();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Another tab holds an older Compaction Lab workspace open.'));
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
