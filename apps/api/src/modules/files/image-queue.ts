import os from "node:os";
import sharp from "sharp";

/**
 * Every image decode and encode goes through one queue. sharp already works on libuv's thread pool, off
 * the event loop, but a burst of uploads would otherwise take every pool thread and every core at once:
 * the event loop, password hashing (also on the pool) and other requests would wait behind them.
 * Here at most `limit` images are worked on at a time, each by one libvips thread, so a core stays free
 * for everything else; the rest wait their turn, and past `maxWaiting` the server says it is busy.
 */
export interface ImageQueue {
  /** How many images are worked on at once, at most. */
  readonly limit: number;
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Images being worked on and waiting now, and the most ever worked on at once. */
  stats(): { active: number; waiting: number; peakActive: number };
}

export class ImageQueueFull extends Error {}

export function createImageQueue(limit: number, maxWaiting: number): ImageQueue {
  let active = 0;
  let peakActive = 0;
  const waiting: Array<() => void> = [];

  // A finished task hands its place straight to the next waiting one, so none can slip in between.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };

  return {
    limit,
    async run(task) {
      if (active < limit) {
        active += 1;
      } else {
        if (waiting.length >= maxWaiting) throw new ImageQueueFull();
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      peakActive = Math.max(peakActive, active);
      try {
        return await task();
      } finally {
        release();
      }
    },
    stats: () => ({ active, waiting: waiting.length, peakActive }),
  };
}

// One libvips thread per image: parallelism comes from the queue, and stays below the number of cores.
sharp.concurrency(1);
// Every upload is a new image: libvips's operation cache would only hold memory.
sharp.cache(false);

/** On 2 cores, one image at a time; on 8, seven. Waiting uploads hold their bytes, hence the cap. */
export const imageQueue = createImageQueue(Math.max(1, os.availableParallelism() - 1), 32);
