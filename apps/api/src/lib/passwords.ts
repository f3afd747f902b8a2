import argon2 from "argon2";

/**
 * argon2id at 64 MiB, 3 passes, 4 lanes (about 0.1 s on one core), above OWASP's floor of 19 MiB and 2 passes.
 * Spelled out so a library upgrade cannot weaken it; the parameters travel in each hash, so older hashes still verify.
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 64 * 1024,
  timeCost: 3,
  parallelism: 4,
} as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, ARGON2_OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, used to spend the same time when an account does not exist. */
let dummyHash: Promise<string> | undefined;
export const timingDummyHash = () => {
  dummyHash ??= hashPassword("not-a-real-password-for-timing");
  return dummyHash;
};
