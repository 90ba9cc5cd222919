import { limitsFromArgs } from '../limits-arg';
import { startFakeProjectX } from './server';

/** Runs the fake ProjectX Gateway as its own process (browser tests, manual runs). */
const port = Number(process.env.FAKE_PROJECTX_PORT ?? 4320);
const limits = limitsFromArgs(process.argv.slice(2), process.env.FAKE_PROJECTX_LIMITS, 'real');
void startFakeProjectX({ port, limits }).then((fake) => {
  fake.addUser({
    userName: process.env.FAKE_PROJECTX_USER ?? 'trader',
    apiKey: process.env.FAKE_PROJECTX_KEY ?? 'px-key',
  });
  console.log(`Fake ProjectX Gateway on ${fake.restUrl} (hub ${fake.hubUrl})`);
  console.log(`Request limits: ${limits} (--limits=off or FAKE_PROJECTX_LIMITS=off)`);
});
