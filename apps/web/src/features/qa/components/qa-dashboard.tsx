import { QA_FILTER_LABELS, QA_FILTERS, type QaFilter } from '@pinpoint/contracts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Form from 'react-bootstrap/Form';
import Pagination from 'react-bootstrap/Pagination';
import { LoadError, Loading } from '../../../components/load-states';
import { NO_QA_FILTERS, QA_PAGE_SIZE, type QaFilters, useQuestions } from '../api/get-questions';
import { useQaEvents } from '../hooks/use-qa-events';
import { QaQuestionItem } from './qa-question-item';
import { QaRecordForm } from './qa-record-form';

/** The filter tabs in the order people work through them: what needs an answer first. */
const TAB_ORDER: QaFilter[] = ['unanswered', 'to_publish', 'live', 'all'];

/**
 * A product's Business Profile questions: the honest line about Google's retired API, the
 * state filters with their counts, text search, the list (unanswered first) and paging, and
 * for staff the form to record a question seen on the profile.
 */
export function QaDashboard({
  productId,
  companyId,
}: {
  productId: number;
  /** The product's company, to tell its realtime news from others' (null while loading). */
  companyId: number | null;
}) {
  const [filters, setFilters] = useState<QaFilters>(NO_QA_FILTERS);
  const [recording, setRecording] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const questions = useQuestions(productId, filters);
  useQaEvents(companyId);
  const data = questions.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / QA_PAGE_SIZE)) : 1;
  const set = (change: Partial<QaFilters>) => setFilters((f) => ({ ...f, page: 1, ...change }));
  const filtered = filters.state !== 'all' || filters.q.trim() !== '';

  return (
    <>
      <p className="text-body-secondary">
        Google retired the Business Profile Q&amp;A API on 3 November 2025, so answers written here
        are published on the profile by the agency and are marked “To publish on Google” until staff
        confirm they are live.
      </p>
      {notice && (
        <Alert variant="success" dismissible onClose={() => setNotice(null)} role="status">
          {notice}
        </Alert>
      )}
      {data?.staff &&
        data.connected &&
        (recording ? (
          <QaRecordForm
            productId={productId}
            onCancel={() => setRecording(false)}
            onDone={() => {
              setRecording(false);
              setNotice('The question is recorded.');
            }}
          />
        ) : (
          <Button className="mb-3" onClick={() => setRecording(true)}>
            Record a question
          </Button>
        ))}
      <Form
        className="d-flex flex-wrap gap-2 mb-3 align-items-center"
        role="search"
        aria-label="Filter the questions"
        onSubmit={(e) => e.preventDefault()}
      >
        <ButtonGroup aria-label="Answer state">
          {TAB_ORDER.filter((s) => QA_FILTERS.includes(s)).map((state) => (
            <Button
              key={state}
              size="sm"
              variant={filters.state === state ? 'primary' : 'outline-primary'}
              aria-pressed={filters.state === state}
              onClick={() => set({ state })}
            >
              {QA_FILTER_LABELS[state]} ({data?.counts[state] ?? 0})
            </Button>
          ))}
        </ButtonGroup>
        <Form.Control
          type="search"
          aria-label="Search questions and answers"
          placeholder="Search text"
          style={{ maxWidth: '18rem' }}
          value={filters.q}
          onChange={(e) => set({ q: e.target.value })}
        />
      </Form>
      {questions.isPending && <Loading what="questions" />}
      {questions.isError && (
        <LoadError
          what="The questions"
          error={questions.error}
          onRetry={() => void questions.refetch()}
        />
      )}
      {data && !data.connected && (
        <p className="text-body-secondary">
          No Business Profile location is connected to this product yet, so there are no questions
          to show.
        </p>
      )}
      {data?.connected && data.items.length === 0 && (
        <p className="text-body-secondary">
          {filtered ? 'No questions match these filters.' : 'No questions on the profile yet.'}
        </p>
      )}
      {data && data.items.length > 0 && (
        <ul className="list-group mb-3" aria-label="Questions">
          {data.items.map((question) => (
            <QaQuestionItem
              key={question.id}
              productId={productId}
              question={question}
              staff={data.staff}
              onNotice={setNotice}
            />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <Pagination aria-label="Pages of questions">
          <Pagination.Prev
            disabled={filters.page <= 1}
            onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
          />
          <Pagination.Item active>{`Page ${filters.page} of ${pages}`}</Pagination.Item>
          <Pagination.Next
            disabled={filters.page >= pages}
            onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
          />
        </Pagination>
      )}
    </>
  );
}
