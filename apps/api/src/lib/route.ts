import { dataSuccess, objSuccess } from '@ojo/api-contract/envelope';
import { type RouteDeclaration, routeSchema } from '@ojo/api-contract/route';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request of a declared route, typed by its params, query and body schemas. */
export type RouteRequest<R extends RouteDeclaration> = FastifyRequest<{
  Params: Parsed<R['params']>;
  Querystring: Parsed<R['query']>;
  Body: Parsed<R['body']>;
}>;

/**
 * A whole envelope a handler answers instead of a payload: a verdict that is not an error, e.g. the invite-code
 * check's `success: false` with msgKey 'invalid code' (product.md 8). Errors are thrown as AppError instead.
 */
export class EnvelopeAnswer {
  constructor(
    readonly success: boolean,
    readonly code: string,
    /** The msgKey (obj envelope) or the message (data envelope). */
    readonly text: string,
    readonly payload: unknown,
  ) {}
}

export type RouteHandler<R extends RouteDeclaration> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<z.input<R['result']> | EnvelopeAnswer>;

export interface RegisterOptions {
  /** Route config, e.g. `{ rateLimit: authRateLimit(config) }`. */
  config?: RouteShorthandOptions['config'];
}

/**
 * The access check of a declared route: the player's session for a secure call (before the handler), the operator's
 * role for a console one, before the input is even validated, so a caller without the role learns nothing of it.
 */
function accessCheckOf(app: FastifyInstance, route: RouteDeclaration) {
  if (route.console && route.console !== 'sign-in')
    return { preValidation: app.authorizeOperator(route.console) };
  return route.secure ? { preHandler: app.authenticate } : {};
}

/**
 * Registers the handler of a declared route: method, path and schema (validation, serialisation, OpenAPI) from the
 * declaration, `app.authenticate` when it is secure or the operator's role check when it is a console call, and the
 * payload wrapped in the route's envelope (a CSV export is sent as it is, as text/csv).
 */
export function registerRoute<R extends RouteDeclaration>(
  app: FastifyInstance,
  route: R,
  handler: RouteHandler<R>,
  options: RegisterOptions = {},
): void {
  // A console path without console access would be a call no role check guards.
  if (route.path.startsWith('/console') !== (route.console !== null)) {
    throw new Error(`${route.method} ${route.path}: console calls, and only they, live under /console`);
  }
  app.route({
    method: route.method,
    url: route.path,
    schema: routeSchema(route),
    ...accessCheckOf(app, route),
    ...(options.config ? { config: options.config } : {}),
    handler: async (request, reply) => {
      const answer = await handler(request as RouteRequest<R>, reply);
      reply.code(route.successStatus);
      if (route.envelope === 'csv') {
        reply.type('text/csv; charset=utf-8').serializer((payload: unknown) => String(payload));
        return answer;
      }
      if (answer instanceof EnvelopeAnswer) {
        return route.envelope === 'obj'
          ? { success: answer.success, code: answer.code, msgKey: answer.text, obj: answer.payload }
          : { success: answer.success, code: answer.code, message: answer.text, data: answer.payload };
      }
      return route.envelope === 'obj' ? objSuccess(answer) : dataSuccess(answer);
    },
  });
}
