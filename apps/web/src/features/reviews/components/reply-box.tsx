import { REPLY_MAX_CHARS, type ReviewReplyWrite } from '@pinpoint/contracts';
import { useState } from 'react';
import { AiDraftComposer } from '../../../components/ai-draft-composer';
import { useDraftReviewReply } from '../api/draft-review-reply';
import { useReplyToReview } from '../api/reply-to-review';
import { newRequestKey } from '../review-format';

const count = new Intl.NumberFormat('en-US');

/**
 * Writing a reply: the shared composer (length against the vendor's limit, an AI draft on
 * request, Send). The request key is made once per opening of the box, so a double submit
 * or a retry after a lost answer makes one write.
 */
export function ReplyBox({
  productId,
  reviewId,
  reviewerName,
  initialText = '',
  onSent,
  onCancel,
}: {
  productId: number;
  reviewId: number;
  reviewerName: string;
  initialText?: string;
  onSent: (write: ReviewReplyWrite) => void;
  onCancel: () => void;
}) {
  const [idempotencyKey] = useState(newRequestKey);
  const draft = useDraftReviewReply();
  const reply = useReplyToReview();
  return (
    <AiDraftComposer
      formLabel={`Reply to ${reviewerName}`}
      fieldLabel={`Your reply to ${reviewerName}`}
      initialText={initialText}
      maxChars={REPLY_MAX_CHARS}
      emptyMessage="Write a reply first."
      tooLongMessage={`Keep the reply under ${count.format(REPLY_MAX_CHARS)} characters.`}
      submitLabel="Send reply"
      submitVerb="sent"
      draftLabel="Draft a reply"
      failedMessage="The reply was not sent"
      submit={{
        pending: reply.isPending,
        error: reply.error,
        run: (text) =>
          reply.mutate(
            { productId, reviewId, text, idempotencyKey },
            { onSuccess: (answer) => onSent(answer.write) },
          ),
      }}
      draft={{
        pending: draft.isPending,
        error: draft.error,
        run: () => draft.mutateAsync({ productId, reviewId }).then((answer) => answer.text),
      }}
      onCancel={onCancel}
    />
  );
}
