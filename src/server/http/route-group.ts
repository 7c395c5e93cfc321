import { createRoute, type RouteConfig } from '@hono/zod-openapi';

/** What the routes of one group share: their tags, the middleware in front of each, the refusals each may answer. */
interface GroupParts {
  tags: string[];
  middleware?: RouteConfig['middleware'];
  refusals?: RouteConfig['responses'];
}

/** What one route of a group says for itself: its summary, its request and the answers that are its own. */
type OwnParts = Omit<RouteConfig, 'method' | 'path' | 'tags' | 'middleware'>;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One middleware in front of a route (`RouteConfig` takes one or a list). */
type Middleware = Exclude<NonNullable<RouteConfig['middleware']>, unknown[]>;

/** The route `createRoute` is given: the group's parts and the route's own, its answers with the group's refusals. */
type GroupRoute<M extends Method, P extends string, G extends GroupParts, R extends OwnParts> = {
  method: M;
  path: P;
  tags: string[];
} & Pick<G, 'middleware' & keyof G> &
  Omit<R, 'responses'> & { responses: R['responses'] & RefusalsOf<G> };

type RefusalsOf<G extends GroupParts> = G extends { refusals: infer F } ? F : unknown;

/**
 * Routes that share their tags, the middleware in front of them (the role check) and the refusals they may answer,
 * so that each route says only what is its own:
 *
 *   const creatorRoute = routeGroup({ tags: ['Applications'], middleware: creatorOnly, refusals: common });
 *   const withdraw = creatorRoute.post('/applications/{id}/withdraw', {
 *     summary: 'Withdraw an application still under review',
 *     request: { params: idParamSchema },
 *     responses: { 200: answer('Withdrawn', idStatusResultSchema) },
 *   });
 *
 * The route is `createRoute`'s, as if written out: the group's refusals come after the route's own answers (a
 * refusal of the group replaces the route's answer of the same status), the tags first.
 *
 * `behind(...middleware)` is the same group with more middleware after its own: the same tags and refusals, for the
 * routes of the group that also want a recent second factor (`adminRoute.behind(requireRecentSecondFactor)`).
 */
export function routeGroup<G extends GroupParts>(group: G) {
  const { refusals, ...shared } = group;
  const define =
    <M extends Method>(method: M) =>
    <P extends string, R extends OwnParts>(path: P, own: R) =>
      createRoute({
        method,
        path,
        ...shared,
        ...own,
        responses: { ...own.responses, ...refusals },
      } as unknown as GroupRoute<M, P, G, R>);
  return {
    get: define('get'),
    post: define('post'),
    put: define('put'),
    patch: define('patch'),
    delete: define('delete'),
    behind: (...more: Middleware[]) => {
      const own = group.middleware === undefined ? [] : [group.middleware].flat();
      return routeGroup({ ...group, middleware: [...own, ...more] });
    },
  };
}
