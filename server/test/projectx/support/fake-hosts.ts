import type { HostPolicy } from '../../../src/brokers/projectx/hosts';

/** The host policy an operator would set for a fake gateway on loopback: that one `host:port`, nothing else. */
export function fakeHosts(fake: { restUrl: string }): HostPolicy {
  return { custom: 'off', privateHosts: [new URL(fake.restUrl).host] };
}
