import type { QaQuestion } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { QaQuestionItem } from './qa-question-item';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACTION = 'POST /api/uni/products/googleqa/:productId/:questionId/:action';

const asked: QaQuestion = {
  id: 902,
  authorName: 'Marcus T.',
  text: 'Is there parking for patients?',
  askedAt: '2026-09-28T17:45:00.000Z',
  upvotes: 0,
  origin: 'demo',
  recordedBy: null,
  answerText: null,
  answerState: 'none',
  answeredBy: null,
  answeredAt: null,
  confirmedBy: null,
  confirmedAt: null,
};

const waiting: QaQuestion = {
  ...asked,
  answerText: 'Yes: free parking behind the building.',
  answerState: 'to_publish',
  answeredBy: 'Olivia Owner',
  answeredAt: '2026-10-05T14:00:00.000Z',
};

function renderItem(question: QaQuestion, staff: boolean) {
  const onNotice = vi.fn();
  renderWithApp(
    <ul>
      <QaQuestionItem productId={77} question={question} staff={staff} onNotice={onNotice} />
    </ul>,
  );
  return onNotice;
}

describe('a question', () => {
  it('is answered by the client: an AI draft only fills the box, Save sends the trimmed text', async () => {
    const api = fakeApi({
      [ACTION]: ({ params, data }) =>
        params.action === 'draft'
          ? { text: 'Yes, there is free parking behind the office.', provider: 'demo' }
          : { ...waiting, answerText: String(data.text) },
    });
    const onNotice = renderItem(asked, false);
    expect(await screen.findByText('Unanswered')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Answer' }));

    fireEvent.click(screen.getByRole('button', { name: 'Save answer' }));
    expect(await screen.findByText('Write an answer first.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Draft with AI' }));
    const box = screen.getByLabelText('Your answer to Marcus T.') as HTMLTextAreaElement;
    await waitFor(() => expect(box.value).toBe('Yes, there is free parking behind the office.'));
    expect(screen.getByText(/AI suggestion: read it and edit it/)).toBeTruthy();
    expect(onNotice).not.toHaveBeenCalled();

    fireEvent.change(box, { target: { value: '  Yes: free parking behind the building.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save answer' }));
    await waitFor(() =>
      expect(onNotice).toHaveBeenCalledWith(
        'The answer is saved and marked “To publish on Google”.',
      ),
    );
    expect(api.calls.map((c) => c.path)).toEqual([
      '/api/uni/products/googleqa/77/902/draft',
      '/api/uni/products/googleqa/77/902/answer',
    ]);
    expect(api.calls[1]?.data).toEqual({ text: 'Yes: free parking behind the building.' });
  });

  it('refuses an answer longer than Google allows, before sending it', async () => {
    const api = fakeApi({});
    renderItem(asked, false);
    fireEvent.click(await screen.findByRole('button', { name: 'Answer' }));
    fireEvent.change(screen.getByLabelText('Your answer to Marcus T.'), {
      target: { value: 'a'.repeat(1501) },
    });
    expect(screen.getByText('1,501 / 1,500 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save answer' }));
    expect(
      await screen.findByText('Google allows at most 1,500 characters in an answer.'),
    ).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('is confirmed live by staff for the version on screen, and says why a refusal came', async () => {
    const answers = [replyError(409, 'CONFLICT', 'The answer changed since; reload it.')];
    const api = fakeApi({
      [ACTION]: () =>
        answers.shift() ?? {
          ...waiting,
          answerState: 'live',
          confirmedBy: 'Dana Staff',
          confirmedAt: '2026-10-06T10:00:00.000Z',
        },
    });
    const onNotice = renderItem(waiting, true);
    expect(await screen.findByText(/Answered by Olivia Owner on 10\/05\/2026/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm live' }));
    expect(screen.getByText('Is this answer live on the Google profile?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, it is live' }));
    expect(
      await screen.findByText('It was not marked live: The answer changed since; reload it.'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Yes, it is live' }));
    await waitFor(() =>
      expect(onNotice).toHaveBeenCalledWith('The answer is marked live on Google.'),
    );
    expect(api.calls.at(-1)?.path).toBe('/api/uni/products/googleqa/77/902/confirm');
    expect(api.calls.at(-1)?.data).toEqual({ answeredAt: '2026-10-05T14:00:00.000Z' });
    // Back to the actions, with focus on the button that opened the box.
    expect(document.activeElement?.textContent).toBe('Edit answer');
  });

  it('is deleted by staff only after they confirm', async () => {
    const api = fakeApi({ [ACTION]: () => ({ id: 902, deleted: true }) });
    const onNotice = renderItem(waiting, true);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(document.activeElement?.textContent).toBe('Keep it');
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByText('Delete this question?')).toBeNull();
    expect(api.calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() =>
      expect(onNotice).toHaveBeenCalledWith('The question from Marcus T. was deleted.'),
    );
    expect(api.calls.map((c) => c.path)).toEqual(['/api/uni/products/googleqa/77/902/delete']);
  });

  it('offers a client no staff actions on an answer waiting to be published', async () => {
    fakeApi({});
    renderItem(waiting, false);
    expect(await screen.findByRole('button', { name: 'Edit answer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm live' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
