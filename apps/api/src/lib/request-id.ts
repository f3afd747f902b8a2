import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import net from "node:net";

/** What a proxy may send as x-request-id: short, no spaces or control characters (log-safe). */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,63}$/;

/** proxy-addr's names for address ranges, as TRUST_PROXY accepts them. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.1/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** An IPv4 client seen on an IPv6 socket (::ffff:a.b.c.d) is matched as the IPv4 address it is. */
const plainAddress = (address: string) => (address.startsWith("::ffff:") ? address.slice(7) : address);

/**
 * Whether the peer of a connection is a proxy TRUST_PROXY names, by the same rule as Fastify's trustProxy:
 * true trusts any, a hop count of 1 or more trusts the nearest, a list trusts its addresses and ranges.
 */
export function trustedPeer(
  trustProxy: boolean | number | string[],
): (address: string | undefined) => boolean {
  if (typeof trustProxy === "boolean") return () => trustProxy;
  if (typeof trustProxy === "number") return () => trustProxy >= 1;
  const list = new net.BlockList();
  for (const entry of trustProxy.flatMap((name) => NAMED_RANGES[name] ?? [name])) {
    const [address = "", bits] = entry.split("/");
    const type = net.isIPv6(address) ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    if (!address) return false;
    const plain = plainAddress(address);
    return list.check(plain, net.isIPv6(plain) ? "ipv6" : "ipv4");
  };
}

/**
 * Fastify's genReqId. A well-formed incoming x-request-id is kept only from a proxy TRUST_PROXY trusts, so
 * one id follows a call through it; anyone else gets a random UUID, so no caller picks the id that the log
 * and the audit history file its request under (nor makes two requests share one).
 */
export function requestIdGenerator(trustProxy: boolean | number | string[]) {
  const trusted = trustedPeer(trustProxy);
  return (request: IncomingMessage): string => {
    const incoming = request.headers["x-request-id"];
    return typeof incoming === "string" &&
      WELL_FORMED.test(incoming) &&
      trusted(request.socket?.remoteAddress)
      ? incoming
      : randomUUID();
  };
}
