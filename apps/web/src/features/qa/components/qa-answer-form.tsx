import { QA_ANSWER_MAX_CHARS } from '@pinpoint/contracts';
import { AiDraftComposer } from '../../../components/ai-draft-composer';
import { useAnswerQuestion } from '../api/answer-question';
import { useDraftAnswer } from '../api/draft-answer';
import { numberFormat } from '../qa-format';

/**
 * Writing or editing an answer on the shared composer: the text with its length against
 * Google's limit, an AI draft on request, and Save. A draft only fills the box; nothing is
 * saved until the person presses Save answer (DECISIONS.md "AI drafts").
 */
export function QaAnswerForm({
  productId,
  questionId,
  authorName,
  initialText,
  onSaved,
  onCancel,
}: {
  productId: number;
  questionId: number;
  authorName: string;
  initialText: string;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const draft = useDraftAnswer();
  const save = useAnswerQuestion();
  return (
    <AiDraftComposer
      formLabel={`Answer ${authorName}`}
      fieldLabel={`Your answer to ${authorName}`}
      initialText={initialText}
      maxChars={QA_ANSWER_MAX_CHARS}
      emptyMessage="Write an answer first."
      tooLongMessage={`Google allows at most ${numberFormat.format(QA_ANSWER_MAX_CHARS)} characters in an answer.`}
      submitLabel="Save answer"
      submitVerb="saved"
      draftLabel="Draft with AI"
      failedMessage="The answer was not saved"
      submit={{
        pending: save.isPending,
        error: save.error,
        run: (text) => save.mutate({ productId, questionId, text }, { onSuccess: onSaved }),
      }}
      draft={{
        pending: draft.isPending,
        error: draft.error,
        run: () => draft.mutateAsync({ productId, questionId }).then((answer) => answer.text),
      }}
      onCancel={onCancel}
    />
  );
}
