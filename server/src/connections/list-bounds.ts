import { MAX_CONNECTIONS_PER_USER } from './connections-repo';

export const CONNECTIONS_BOUND = `The user's connections: at most ${MAX_CONNECTIONS_PER_USER} (a further one is refused with 409).`;

export const ACCOUNTS_BOUND = `The accounts of the user's connections (at most ${MAX_CONNECTIONS_PER_USER} connections), each as many as its broker lists.`;

export const HEADROOM_BOUND = `One row per account with firm rules, of the user's connections (at most ${MAX_CONNECTIONS_PER_USER}).`;
