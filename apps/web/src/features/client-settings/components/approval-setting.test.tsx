import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { ApprovalSetting } from './approval-setting';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LABEL = 'Replies written by the agency wait for my approval before they are sent';

describe('ApprovalSetting', () => {
  it('lets the client’s own people switch approvals, and shows what was saved', async () => {
    let approvalRequired = true;
    let answer = () => {};
    const saved = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const api = fakeApi({
      'GET /api/uni/client/:id/settings': () => ({ approvalRequired, canChange: true }),
      'PUT /api/uni/client/:id/settings': async ({ data }) => {
        await saved;
        approvalRequired = data.approvalRequired as boolean;
        return { approvalRequired, canChange: true };
      },
    });
    renderWithApp(<ApprovalSetting companyId={42} />);
    const toggle = (await screen.findByLabelText(LABEL)) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(toggle.disabled).toBe(false);
    expect(screen.queryByText('Only the company’s own people change this.')).toBeNull();

    fireEvent.click(toggle);
    // While it saves, the switch waits.
    await waitFor(() => expect(toggle.disabled).toBe(true));
    answer();
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/uni/client/42/settings');
    expect(put?.data).toEqual({ approvalRequired: false });
  });

  it('shows staff the setting without letting them change it', async () => {
    fakeApi({
      'GET /api/uni/client/:id/settings': () => ({ approvalRequired: false, canChange: false }),
    });
    renderWithApp(<ApprovalSetting companyId={42} />);
    const toggle = (await screen.findByLabelText(LABEL)) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText('Only the company’s own people change this.')).toBeTruthy();
  });

  it('says why a change was not saved and keeps the stored value', async () => {
    fakeApi({
      'GET /api/uni/client/:id/settings': () => ({ approvalRequired: true, canChange: true }),
      'PUT /api/uni/client/:id/settings': () =>
        replyError(403, 'FORBIDDEN', 'Only the company’s own people change its settings.'),
    });
    renderWithApp(<ApprovalSetting companyId={42} />);
    const toggle = (await screen.findByLabelText(LABEL)) as HTMLInputElement;
    fireEvent.click(toggle);
    expect(
      await screen.findByText('Only the company’s own people change its settings.'),
    ).toBeTruthy();
    expect(toggle.checked).toBe(true);
  });

  it('says why the setting could not be loaded and tries again', async () => {
    const answers = [
      replyError(503, 'SERVICE_UNAVAILABLE', 'Settings are being updated.'),
      { approvalRequired: false, canChange: true },
    ];
    fakeApi({ 'GET /api/uni/client/:id/settings': () => answers.shift() });
    renderWithApp(<ApprovalSetting companyId={42} />);
    expect(
      await screen.findByText(
        /The approval setting could not be loaded: Settings are being updated\./,
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(((await screen.findByLabelText(LABEL)) as HTMLInputElement).checked).toBe(false);
  });
});
