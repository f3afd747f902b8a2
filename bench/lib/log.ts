/** When the run began: the entry sets it once its modules are loaded, so every line counts from there. */
let began = performance.now();

export function startClock() {
  began = performance.now();
}

export function secondsSinceStart() {
  return (performance.now() - began) / 1000;
}

/** One progress line, stamped with the seconds since the run began. */
export const say = (text: string) => console.log(`[bench ${secondsSinceStart().toFixed(0)}s] ${text}`);

export const fmt = (n: number) => n.toLocaleString("en-US");
export const k = (n: number) => (n < 1000 ? fmt(n) : `${fmt(Math.round(n / 1000))}k`);
