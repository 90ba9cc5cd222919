import { startFakeProjectX } from './server';

/** Runs the fake ProjectX Gateway as its own process (browser tests, manual runs). */
const port = Number(process.env.FAKE_PROJECTX_PORT ?? 4320);
void startFakeProjectX({ port }).then((fake) => {
  fake.addUser({
    userName: process.env.FAKE_PROJECTX_USER ?? 'trader',
    apiKey: process.env.FAKE_PROJECTX_KEY ?? 'px-key',
  });
  console.log(`Fake ProjectX Gateway on ${fake.restUrl} (hub ${fake.hubUrl})`);
});
