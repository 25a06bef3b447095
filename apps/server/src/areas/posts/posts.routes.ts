import {
  companyPostsParamsSchema,
  postDeleteInputSchema,
  postDetailSchema,
  postInputSchema,
  postListQuerySchema,
  postListSchema,
  postParamsSchema,
  postSchema,
  productPostsParamsSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { PostsService } from './posts.service';

/**
 * Posts (SPEC §7): `/api/uni/products/socialposts/{productId}` for the Google products and
 * `/api/uni/products/socialposts/facebook/{productId}` for Facebook Pro, the same routes
 * under each (list, detail, create, edit, delete), and a company's posts of both.
 */
export const postsRoutes: FastifyPluginAsyncZod<{ service: PostsService }> = async (
  app,
  { service },
) => {
  const tags = ['posts'];
  const root = '/api/uni/products/socialposts';

  app.route({
    method: 'GET',
    url: `${root}/company/:id`,
    config: { access: { clientOf: 'id' } },
    schema: {
      tags,
      summary: "Every post of a company's products (Google and Facebook), filtered and paged",
      params: companyPostsParamsSchema,
      querystring: postListQuerySchema,
      response: { 200: postListSchema },
    },
    handler: async (request) =>
      service.companyList(requirePrincipal(request), request.params.id, request.query),
  });

  for (const source of ['google', 'facebook'] as const) {
    const base = source === 'facebook' ? `${root}/facebook` : root;
    const vendor = source === 'facebook' ? 'Facebook page' : 'Business Profile';

    app.route({
      method: 'GET',
      url: `${base}/:productId`,
      config: { access: { productOf: 'productId' } },
      schema: {
        tags,
        summary: `A product's ${vendor} posts, filtered by state, topic and text, and paged`,
        params: productPostsParamsSchema,
        querystring: postListQuerySchema,
        response: { 200: postListSchema },
      },
      handler: async (request) =>
        service.productList(
          requirePrincipal(request),
          request.params.productId,
          source,
          request.query,
        ),
    });

    app.route({
      method: 'GET',
      url: `${base}/:productId/:postId`,
      config: { access: { productOf: 'productId' } },
      schema: {
        tags,
        summary: `One ${vendor} post with the history of its writes, newest first`,
        params: postParamsSchema,
        response: { 200: postDetailSchema },
      },
      handler: async (request) =>
        service.detail(
          requirePrincipal(request),
          request.params.productId,
          request.params.postId,
          source,
        ),
    });

    app.route({
      method: 'POST',
      url: `${base}/:productId`,
      config: { access: { productOf: 'productId' } },
      schema: {
        tags,
        summary: `A new ${vendor} post: saved as a draft, published now or scheduled (outbox)`,
        params: productPostsParamsSchema,
        body: postInputSchema,
        response: { 201: postSchema },
      },
      handler: async (request, reply) => {
        reply.code(201);
        return service.create(
          requirePrincipal(request),
          request.params.productId,
          source,
          request.body,
        );
      },
    });

    app.route({
      method: 'PUT',
      url: `${base}/:productId/:postId`,
      config: { access: { productOf: 'productId' } },
      schema: {
        tags,
        summary: `Edit a ${vendor} post that is not published yet (409 once it is going out)`,
        params: postParamsSchema,
        body: postInputSchema,
        response: { 200: postSchema },
      },
      handler: async (request) =>
        service.edit(
          requirePrincipal(request),
          request.params.productId,
          request.params.postId,
          source,
          request.body,
        ),
    });

    app.route({
      method: 'POST',
      url: `${base}/:productId/:postId/delete`,
      config: { access: { productOf: 'productId' } },
      schema: {
        tags,
        summary: `Delete a ${vendor} post: here at once, or at the vendor through the outbox`,
        params: postParamsSchema,
        body: postDeleteInputSchema,
        response: { 200: postSchema },
      },
      handler: async (request) =>
        service.remove(
          requirePrincipal(request),
          request.params.productId,
          request.params.postId,
          source,
          request.body.idempotencyKey,
        ),
    });
  }
};
