import autocannon from "autocannon";

export interface LoadResult {
  requestsPerSecond: number;
  p95Ms: number;
  requests: number;
  /** Answers outside 2xx, and connection errors or timeouts. */
  failures: number;
  /** Every response time, in ms. */
  times: number[];
}

/**
 * One bounded autocannon run against the loopback server. autocannon reports no 95th percentile, so
 * every response time is kept and the percentile is taken from them.
 */
export async function load(options: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  /** Seconds, for throughput. */
  duration?: number;
  /** Number of requests, for latency. */
  amount?: number;
}): Promise<LoadResult> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        headers: options.headers ?? {},
        connections: options.connections,
        ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 10 }),
        timeout: 10,
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      times.push(responseTime);
    });
  });
  times.sort((a, b) => a - b);
  const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)] ?? Number.NaN;
  return {
    requestsPerSecond: result.requests.average,
    p95Ms: p95,
    requests: result.requests.total,
    failures: result.non2xx + result.errors,
    times,
  };
}

/** A short unmeasured run, so the JIT and the database cache are warm before measuring. */
export async function warmUp(url: string, headers?: Record<string, string>) {
  await load({ url, ...(headers ? { headers } : {}), connections: 2, amount: 200 });
}
