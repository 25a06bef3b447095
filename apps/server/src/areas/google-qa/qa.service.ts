import {
  QA_FILTER_STATE,
  type QaAnswerInput,
  type QaList,
  type QaQuestion,
  type QaRecordInput,
  type qaListQuerySchema,
} from '@pinpoint/contracts';
import type { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import type { Principal } from '../../kernel/lib/access-policy';
import { AppError, accessDenied, conflict, notFound } from '../../kernel/lib/app-error';
import { productAccess, withSubPage } from '../../platform/product-access/product-access';
import type { LlmProvider } from '../../providers/llm/port';
import type { QaRepository, QaRow } from './qa.repository';

type ListQuery = z.output<typeof qaListQuerySchema>;

export interface QaServiceDeps {
  db: Db;
  repo: QaRepository;
  llm: LlmProvider;
  publishChanged(companyId: number, questionId: number | null): void;
}

const isStaff = (p: Principal) => p.perm || p.admin;

/** A recorded day is kept at noon UTC, so it reads as the same day in every US time zone. */
const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * A Business Profile's questions and answers, kept in our database only: Google retired the
 * Q&A API on 3 November 2025, so nothing here calls Google. An answer written here waits as
 * `to_publish` until staff, having put it on the profile, confirm it `live`.
 */
export function createQaService(deps: QaServiceDeps) {
  const { repo } = deps;

  async function scopeOf(principal: Principal, productId: number) {
    const { product } = await productAccess(deps.db, principal, productId, {
      accepts: withSubPage('qa'),
      noReport: 'Questions and answers belong to the Google Business Profile products.',
    });
    const [company, connectionId] = await Promise.all([
      repo.company(product.companyId),
      repo.profileConnection(product.companyId, product.connectionId),
    ]);
    return { product, connectionId, businessName: company?.name ?? '', trade: company?.trade };
  }

  type Scope = Awaited<ReturnType<typeof scopeOf>>;

  /** The question, if it is one of this product's company and location; 404 otherwise. */
  async function questionIn(scope: Scope, questionId: number): Promise<QaRow> {
    const question = await repo.get(questionId);
    if (
      !question ||
      question.companyId !== scope.product.companyId ||
      question.connectionId !== scope.connectionId
    ) {
      throw notFound('No such question.');
    }
    return question;
  }

  async function toQuestions(rows: QaRow[]): Promise<QaQuestion[]> {
    const ids = new Set<number>();
    for (const row of rows) {
      for (const id of [row.recordedBy, row.answeredBy, row.confirmedBy]) {
        if (id !== null) ids.add(id);
      }
    }
    const names = await repo.userNames([...ids]);
    const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
    return rows.map((row) => ({
      id: row.id,
      authorName: row.authorName,
      text: row.text,
      askedAt: row.askedAt.toISOString(),
      upvotes: row.upvotes,
      origin: row.origin === 'recorded' ? 'recorded' : 'demo',
      recordedBy: nameOf(row.recordedBy),
      answerText: row.answerText,
      answerState: row.answerState as QaQuestion['answerState'],
      answeredBy: nameOf(row.answeredBy),
      answeredAt: row.answeredAt?.toISOString() ?? null,
      confirmedBy: nameOf(row.confirmedBy),
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
    }));
  }

  const one = async (row: QaRow) => (await toQuestions([row]))[0] as QaQuestion;

  return {
    async list(principal: Principal, productId: number, query: ListQuery): Promise<QaList> {
      const scope = await scopeOf(principal, productId);
      const base = {
        page: query.page,
        pageSize: query.pageSize,
        businessName: scope.businessName,
        connected: scope.connectionId !== null,
        staff: isStaff(principal),
      };
      if (scope.connectionId === null) {
        return {
          ...base,
          items: [],
          total: 0,
          counts: { all: 0, unanswered: 0, to_publish: 0, live: 0 },
        };
      }
      const [page, counts] = await Promise.all([
        repo.list(
          scope.connectionId,
          { state: QA_FILTER_STATE[query.state], q: query.q || undefined },
          query.pageSize,
          (query.page - 1) * query.pageSize,
        ),
        repo.stateCounts(scope.connectionId),
      ]);
      const unanswered = counts.none ?? 0;
      const toPublish = counts.to_publish ?? 0;
      const live = counts.live ?? 0;
      return {
        ...base,
        items: await toQuestions(page.items),
        total: page.total,
        counts: { all: unanswered + toPublish + live, unanswered, to_publish: toPublish, live },
      };
    },

    /** Staff copy a question they saw on the profile, so it can be answered here. */
    async record(principal: Principal, productId: number, input: QaRecordInput) {
      const scope = await scopeOf(principal, productId);
      if (!isStaff(principal)) throw accessDenied();
      if (scope.connectionId === null) {
        throw conflict('Connect the Business Profile location before recording its questions.');
      }
      const row = await repo.insert({
        companyId: scope.product.companyId,
        connectionId: scope.connectionId,
        authorName: input.authorName,
        text: input.text,
        askedAt: noonOf(input.askedOn),
        origin: 'recorded',
        recordedBy: principal.userId,
      });
      deps.publishChanged(row.companyId, row.id);
      return one(row);
    },

    /**
     * Write or edit the answer. It then waits to be published on Google; an edit of a live
     * answer goes back to waiting, since Google shows the old text until staff replace it.
     * Saving the very text already there changes nothing.
     */
    async answer(
      principal: Principal,
      productId: number,
      questionId: number,
      input: QaAnswerInput,
    ) {
      const scope = await scopeOf(principal, productId);
      const question = await questionIn(scope, questionId);
      if (question.answerText === input.text && question.answerState !== 'none') {
        return one(question);
      }
      const row = await repo.saveAnswer(question.id, {
        text: input.text,
        by: principal.userId,
        at: new Date(),
      });
      if (!row) throw notFound('No such question.');
      deps.publishChanged(row.companyId, row.id);
      return one(row);
    },

    /** Staff: the answer, as it was when they published it, is now live on the profile. */
    async confirm(principal: Principal, productId: number, questionId: number, answeredAt: string) {
      const scope = await scopeOf(principal, productId);
      if (!isStaff(principal)) throw accessDenied();
      const question = await questionIn(scope, questionId);
      if (question.answerState === 'none') throw conflict('This question has no answer yet.');
      if (question.answerState === 'live') throw conflict('This answer is already live.');
      const row = await repo.confirmLive(
        question,
        new Date(answeredAt),
        principal.userId,
        scope.product.id,
      );
      if (!row) {
        throw conflict(
          'The answer was changed after you loaded it. Check the new text, publish it on Google, then confirm again.',
        );
      }
      deps.publishChanged(row.companyId, row.id);
      return one(row);
    },

    /** Staff: a question recorded by mistake (or twice) is removed. */
    async remove(principal: Principal, productId: number, questionId: number) {
      const scope = await scopeOf(principal, productId);
      if (!isStaff(principal)) throw accessDenied();
      const question = await questionIn(scope, questionId);
      if (!(await repo.remove(question.id))) throw notFound('No such question.');
      deps.publishChanged(question.companyId, question.id);
      return { id: question.id, deleted: true as const };
    },

    /** A suggestion from the LLM provider, from this question and this business only. */
    async draft(principal: Principal, productId: number, questionId: number) {
      const scope = await scopeOf(principal, productId);
      const question = await questionIn(scope, questionId);
      try {
        const text = await deps.llm.draftQaAnswer({
          businessName: scope.businessName,
          trade: scope.trade ?? null,
          question: question.text,
        });
        return { text, provider: deps.llm.name };
      } catch {
        throw new AppError(
          503,
          'SERVICE_UNAVAILABLE',
          'The drafting service did not answer. Write the answer yourself, or try again.',
        );
      }
    },
  };
}

export type QaService = ReturnType<typeof createQaService>;
