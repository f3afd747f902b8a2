import argon2 from "argon2";

/** argon2id with the library's defaults (64 MiB, t=3, p=4), as OWASP recommends. */
export const hashPassword = (password: string): Promise<string> =>
  argon2.hash(password, { type: argon2.argon2id });

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
