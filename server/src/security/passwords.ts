import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { PASSWORD_SLOTS, slotLimiter } from './password-slots';

// `Algorithm` is a const enum (not usable under isolatedModules): Argon2id is its value 2.
const ARGON2ID = 2 as Algorithm;

export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** Argon2id hashing with the configured cost; the parameters travel inside the PHC string. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  /** Spends the same time as a real check, so unknown e-mails answer as slowly as wrong passwords. */
  burn(password: string): Promise<void>;
}

/** Every hash and check waits for one of `slots` (see password-slots.ts), so guessing cannot take every core. */
export function createPasswordHasher(params: Argon2Params, slots = PASSWORD_SLOTS): PasswordHasher {
  const options = { algorithm: ARGON2ID, ...params };
  const inSlot = slotLimiter(slots);
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => inSlot(() => hash(password, options)),
    async verify(hashed, password) {
      try {
        return await inSlot(() => verify(hashed, password));
      } catch {
        return false;
      }
    },
    async burn(password) {
      dummy ??= inSlot(() => hash('not-a-real-password', options));
      const dummyHash = await dummy;
      await inSlot(() => verify(dummyHash, password)).catch(() => false);
    },
  };
}
