import { QA_ANSWER_STATE_LABELS, type QaAnswerState } from '@pinpoint/contracts';
import Badge from 'react-bootstrap/Badge';
import { QA_STATE_BADGES } from '../qa-format';

/** Where an answer stands: unanswered, waiting to be put on Google, or live there. */
export function QaStateBadge({ state }: { state: QaAnswerState }) {
  const look = QA_STATE_BADGES[state];
  return (
    <Badge bg={look.bg} text={look.text} data-testid="qa-state">
      {QA_ANSWER_STATE_LABELS[state]}
    </Badge>
  );
}
