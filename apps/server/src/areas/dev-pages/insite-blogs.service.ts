import {
  INSITE_BLOG_STATES,
  INSITE_BLOG_TRANSITIONS,
  type InsiteBlogDetail,
  type InsiteBlogRow,
  type InsiteBlogState,
  type InsiteBlogTransition,
} from '@pinpoint/contracts';
import type { Db } from '../../kernel/db/database';
import type { Principal } from '../../kernel/lib/access-policy';
import { badRequest, conflict, notFound } from '../../kernel/lib/app-error';
import { seesCompany, staffCompanies } from './dev-host-guard';
import { createInsiteBlogsRepository } from './insite-blogs.repository';

interface BlogListQuery {
  state?: InsiteBlogState;
  companyId?: number;
  page: number;
  pageSize: number;
}

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof createInsiteBlogsRepository>['one']>>>;

function toRow(row: Omit<Row, 'body'>): InsiteBlogRow {
  return {
    id: row.id,
    company_id: row.companyId,
    company_name: row.companyName,
    title: row.title,
    state: row.state as InsiteBlogState,
    scheduled_for: row.scheduledFor?.toISOString() ?? null,
    published_at: row.publishedAt?.toISOString() ?? null,
    author: row.author,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** InSite blogs (dev-only staff page): the agency's posts for clients' sites. */
export function createInsiteBlogsService(db: Db, now: () => Date = () => new Date()) {
  const repo = createInsiteBlogsRepository(db);

  async function visiblePost(principal: Principal, id: number): Promise<Row> {
    const row = await repo.one(id);
    // Another company's post is as unknown as a missing one.
    if (!row || !seesCompany(principal, row.companyId)) throw notFound('No such blog post.');
    return row;
  }

  return {
    async list(principal: Principal, query: BlogListQuery) {
      const scope = {
        companyIds: staffCompanies(principal),
        companyId: query.companyId,
        state: query.state,
      };
      const found = await repo.list(scope, query.page, query.pageSize);
      const counts = Object.fromEntries(INSITE_BLOG_STATES.map((s) => [s, 0])) as Record<
        InsiteBlogState,
        number
      >;
      for (const c of found.counts) counts[c.state as InsiteBlogState] = Number(c.n);
      return {
        items: found.items.map(toRow),
        total: found.total,
        counts,
        companies: found.companies,
      };
    },

    async detail(principal: Principal, id: number): Promise<InsiteBlogDetail> {
      const row = await visiblePost(principal, id);
      return { ...toRow(row), body: row.body };
    },

    async transition(
      principal: Principal,
      id: number,
      input: InsiteBlogTransition,
    ): Promise<InsiteBlogDetail> {
      const row = await visiblePost(principal, id);
      if (row.state !== input.from) {
        throw conflict(
          `This post is ${row.state.replace('_', ' ')} now, not ${input.from.replace('_', ' ')}: someone moved it. Reload it and try again.`,
        );
      }
      if (!INSITE_BLOG_TRANSITIONS[input.from].includes(input.to)) {
        throw badRequest(
          `A ${input.from.replace('_', ' ')} post cannot become ${input.to.replace('_', ' ')}.`,
          [{ path: 'to', message: 'This move is not allowed from the current state.' }],
        );
      }
      let scheduledFor: Date | null = null;
      if (input.to === 'scheduled') {
        const at = input.scheduled_for ? new Date(input.scheduled_for) : null;
        if (!at || at.getTime() <= now().getTime()) {
          throw badRequest('Pick a time in the future to schedule the post.', [
            { path: 'scheduled_for', message: 'A future time is required.' },
          ]);
        }
        scheduledFor = at;
      }
      const publishedAt = input.to === 'published' ? now() : null;
      const moved = await repo.move(id, input.from, { state: input.to, scheduledFor, publishedAt });
      if (!moved) throw conflict('Someone moved this post just now. Reload it and try again.');
      return this.detail(principal, id);
    },
  };
}

export type InsiteBlogsService = ReturnType<typeof createInsiteBlogsService>;
