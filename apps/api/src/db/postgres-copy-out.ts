import type { Readable } from "node:stream";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";

/** PostgreSQL's `COPY ... TO STDOUT` on a connection of its own (Db.copyOut). */
export function copyOut(pool: pg.Pool, statement: string): Readable {
  const stream = copyTo(statement);
  pool.connect().then(
    (client) => {
      let released = false;
      const release = (error?: Error) => {
        if (released) return;
        released = true;
        // With an error the pool closes the connection instead of reusing it: the COPY may still be running.
        client.release(error);
      };
      stream.once("end", () => release());
      stream.once("error", (error) => release(error));
      stream.once("close", () => release(stream.readableEnded ? undefined : new Error("COPY stopped early")));
      if (stream.destroyed) release(new Error("COPY stopped before it began"));
      else client.query(stream);
    },
    (error: Error) => stream.destroy(error),
  );
  return stream;
}
