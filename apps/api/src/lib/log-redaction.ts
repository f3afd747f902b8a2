import type { FastifyRequest } from "fastify";

/**
 * Query parameters that carry a secret (a reset link's token, a code, a key): by name, loosely, so one added
 * later under such a name is covered too.
 */
const SECRET_PARAMETER = /token|code|secret|passw|pwd|key|sig|auth|otp|nonce|ticket|session|jwt/i;
export const REDACTED = "[redacted]";

/** The URL with the value of every secret query parameter replaced: what the log may keep of it. */
export function redactUrl(url: string): string {
  const query = url.indexOf("?");
  if (query < 0) return url;
  const parts = url.slice(query + 1).split("&");
  const kept = parts.map((part) => {
    const equals = part.indexOf("=");
    const rawName = equals < 0 ? part : part.slice(0, equals);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replaceAll("+", " "));
    } catch {
      // A broken encoding: matched as it was sent.
    }
    return equals >= 0 && SECRET_PARAMETER.test(name) ? `${rawName}=${REDACTED}` : part;
  });
  return `${url.slice(0, query)}?${kept.join("&")}`;
}

/** pino's serializer of a request (Fastify's fields), with the URL redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
