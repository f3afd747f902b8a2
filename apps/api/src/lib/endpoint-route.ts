import type { Answer, BodyOut, Endpoint, ParamsOut, QueryOut } from "@visadesk/contract/endpoint";
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
} from "fastify";

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: ParamsOut<E>;
  Querystring: QueryOut<E>;
  Body: BodyOut<E>;
}>;
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Answer<E> | FastifyReply | Promise<Answer<E> | FastifyReply>;

/**
 * Registers a route from its declaration in the contract: its path, access, schemas and answers are the
 * declaration's, so the route, the API document and the web's client cannot disagree. The handler returns
 * the answer (or the reply it sent itself, such as a CSV stream); it goes out with the declared success status
 * (201 for a creation) unless the handler set one.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  declaration: E,
  handler: EndpointHandler<E>,
  config: Omit<FastifyContextConfig, "auth"> = {},
): void {
  const { method, path, auth, tags, summary, description, params, query, body, produces, responses } =
    declaration;
  const success = Object.keys(responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  const status = success.length === 1 ? success[0] : undefined;
  app.route({
    method,
    url: path.replace(/\{([^}]+)\}/g, ":$1"),
    config: { ...config, auth },
    schema: {
      tags: [...tags],
      summary,
      ...(description ? { description } : {}),
      ...(params ? { params } : {}),
      ...(query ? { querystring: query } : {}),
      ...(body ? { body } : {}),
      ...(produces ? { produces: [...produces] } : {}),
      response: responses,
    },
    handler: (async (request: EndpointRequest<E>, reply: FastifyReply) => {
      const answer = await handler(request, reply);
      if (status !== undefined && reply.statusCode === 200) reply.status(status);
      return answer;
    }) as RouteHandlerMethod,
  });
}
