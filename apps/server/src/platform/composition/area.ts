import type { FastifyInstance } from 'fastify';
import type { SeedContext, SeededProduct } from '../../kernel/demo/seed-context';
import type { VendorAreaOptions } from '../vendor-sync/area-plugin-options';

/**
 * What every area's `register` receives besides the app: the configuration and the
 * shared pieces its providers are built from (vendor-sync/area-plugin-options.ts), and
 * whether this process runs the periodic schedulers.
 */
export interface AreaContext extends VendorAreaOptions {
  /** True in a process with job workers outside tests: the areas' periodic ticks run. */
  scheduleTicks: boolean;
}

/** The demo agency as every area's seed receives it (seed/demo-agency.ts). */
export interface DemoAgencySeed {
  products: SeededProduct[];
  /** The named demo companies whose stories some seeds tell (billing). */
  companies: { summit: number; bayside: number; harbor: number };
}

/** An area's part of the demo agency (seed/demo-agency.ts runs them in its order). */
export type AreaSeed = (ctx: SeedContext, demo: DemoAgencySeed) => Promise<unknown>;

/** Any area, for lists and constraints. */
export interface AnyArea {
  readonly name: string;
  readonly needs: readonly AnyArea[];
  // biome-ignore lint/suspicious/noExplicitAny: the needs of an area in a list are checked where it is defined
  register(app: FastifyInstance, context: AreaContext, needs: any): Promise<unknown>;
  readonly seed?: AreaSeed;
}

/** What an area hands the areas that name it under `needs`. */
export type ExportsOf<A extends AnyArea> = Awaited<ReturnType<A['register']>>;

/** The `needs` argument of an area's `register`: each needed area's exports, by its name. */
export type NeedsOf<Needs extends readonly AnyArea[]> = {
  [A in Needs[number] as A['name']]: ExportsOf<A>;
};

/**
 * One product area, as the composition root (main/compose.ts) sees it:
 * - `name`: its folder under areas/;
 * - `needs`: the other areas it uses (through their index.ts); they are registered first,
 *   and their exports arrive as `register`'s third argument;
 * - `register`: its routes, syncs, outbox writes and jobs on the app; it returns what it
 *   exports to the areas that need it;
 * - `seed`: its part of the demo agency.
 */
export interface Area<Name extends string, Needs extends readonly AnyArea[], Exports>
  extends AnyArea {
  readonly name: Name;
  readonly needs: Needs;
  register(app: FastifyInstance, context: AreaContext, needs: NeedsOf<Needs>): Promise<Exports>;
}

export function defineArea<
  const Name extends string,
  const Needs extends readonly AnyArea[],
  Exports = undefined,
>(area: {
  name: Name;
  needs: Needs;
  register(
    app: FastifyInstance,
    context: AreaContext,
    needs: NeedsOf<Needs>,
  ): Promise<Exports> | Exports;
  seed?: AreaSeed;
}): Area<Name, Needs, Exports> {
  return { ...area, register: async (app, context, needs) => area.register(app, context, needs) };
}

/** The names an area needs that are not in `Built` yet. */
type MissingNeeds<A extends AnyArea, Built> = Exclude<A['needs'][number]['name'], keyof Built>;

/**
 * The areas in the order they are registered. `add` accepts an area only once every area
 * it needs is in the list, so the order is checked by the compiler, not kept by comments.
 */
export class AreaList<Built extends Record<string, unknown> = Record<never, never>> {
  private constructor(readonly areas: readonly AnyArea[]) {}

  static empty(): AreaList {
    return new AreaList([]);
  }

  add<A extends AnyArea>(
    area: A &
      ([MissingNeeds<A, Built>] extends [never]
        ? unknown
        : { registerFirst: MissingNeeds<A, Built> }),
  ): AreaList<Built & { [K in A['name']]: ExportsOf<A> }> {
    return new AreaList([...this.areas, area]);
  }
}

/** What a list's areas export, by name: the type of `app.areas`. */
export type AreasOf<L> = L extends AreaList<infer Built> ? Built : never;

/**
 * Registers the areas in order, each with the exports of the areas it needs. The check
 * repeats the compiler's at run time, for lists built without it (tests).
 */
export async function registerAreas(
  app: FastifyInstance,
  context: AreaContext,
  areas: readonly AnyArea[],
): Promise<Record<string, unknown>> {
  const built: Record<string, unknown> = {};
  for (const area of areas) {
    if (area.name in built) throw new Error(`The area ${area.name} is registered twice`);
    const needs: Record<string, unknown> = {};
    for (const need of area.needs) {
      if (!(need.name in built)) {
        throw new Error(
          `The area ${area.name} needs ${need.name}, which is not registered before it`,
        );
      }
      needs[need.name] = built[need.name];
    }
    built[area.name] = await area.register(app, context, needs);
  }
  return built;
}
