import {
  type LsaCategoryInfo,
  type LsaCategoryList,
  VERTICAL_PAGE_SIZE,
  VERTICAL_SLUG_MAX,
  VERTICAL_SLUG_TAKEN,
  type Vertical,
  type VerticalInput,
  type VerticalList,
} from '@pinpoint/contracts';
import { AppError, badRequest, notFound } from '../../kernel/lib/app-error';
import type { LsaCategoryProvider } from '../../providers/lsa-categories/lsa-categories';
import {
  isUniqueViolation,
  type VerticalRow,
  type VerticalsRepository,
} from './verticals.repository';

function toVertical(row: VerticalRow): Vertical {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    lsaCategory: row.lsaCategory,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** 409 on the slug field, so the form shows it where it belongs. */
const slugTaken = () =>
  new AppError(409, 'CONFLICT', VERTICAL_SLUG_TAKEN, {
    details: [{ path: 'body.slug', message: VERTICAL_SLUG_TAKEN }],
  });

/** "Water Damage & Mold" → "water-damage-mold". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, VERTICAL_SLUG_MAX)
    .replace(/-+$/, '');
}

/**
 * Admin management of LSA verticals (SPEC §6). Access is the route's (`admin`); the rules
 * here are the slug's uniqueness and that a mapped category exists in the catalogue.
 */
export function createVerticalsService(deps: {
  repo: VerticalsRepository;
  categories: LsaCategoryProvider;
}) {
  const { repo, categories } = deps;

  async function checkCategory(input: VerticalInput) {
    if (input.lsaCategory === null) return;
    if (!(await categories.info(input.lsaCategory))) {
      throw badRequest('Check the highlighted fields.', [
        { path: 'body.lsaCategory', message: 'Choose a category from the LSA catalogue.' },
      ]);
    }
  }

  /** The unique index decides (two admins at once); the pre-check only words it kindly. */
  async function write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    }
  }

  return {
    async list(q: string | undefined, page: number): Promise<VerticalList> {
      const { items, total } = await repo.page(q || undefined, page);
      return { items: items.map(toVertical), page, pageSize: VERTICAL_PAGE_SIZE, total };
    },

    async create(input: VerticalInput): Promise<Vertical> {
      await checkCategory(input);
      if (await repo.bySlug(input.slug)) throw slugTaken();
      return toVertical(await write(() => repo.insert(input)));
    },

    async update(id: number, input: VerticalInput): Promise<Vertical> {
      if (!(await repo.find(id))) throw notFound('There is no such vertical.');
      await checkCategory(input);
      const holder = await repo.bySlug(input.slug);
      if (holder && holder.id !== id) throw slugTaken();
      const row = await write(() => repo.update(id, input));
      if (!row) throw notFound('There is no such vertical.');
      return toVertical(row);
    },

    async categoryList(): Promise<LsaCategoryList> {
      return { categories: await categories.list(), source: categories.source };
    },

    async categoryInfo(categoryId: string): Promise<LsaCategoryInfo> {
      const info = await categories.info(categoryId);
      if (!info) throw notFound('The LSA catalogue has no such category.');
      return {
        ...info,
        suggested: { slug: slugify(info.name), name: info.name },
        verticals: await repo.byCategory(info.id),
        source: categories.source,
      };
    },
  };
}
