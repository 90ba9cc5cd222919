import { limitsFromArgs } from '../limits-arg';
import { startFakeRithmic } from './server';

/** Runs the fake Rithmic R|Protocol gateway as its own process (browser tests, manual runs). */
const port = Number(process.env.FAKE_RITHMIC_PORT ?? 4330);
const limits = limitsFromArgs(process.argv.slice(2), process.env.FAKE_RITHMIC_LIMITS, 'real');
void startFakeRithmic({ port, limits }).then((fake) => {
  const user = process.env.FAKE_RITHMIC_USER ?? 'trader';
  fake.addUser({ user, password: process.env.FAKE_RITHMIC_PASSWORD ?? 'rithmic-pass' });
  fake.addAccount({ user, accountId: 'FAKE-0001', name: 'Fake account 1', balance: 50_000 });
  fake.setPrice('ESZ6', 'CME', 6000);
  fake.setPrice('MESZ6', 'CME', 6000);
  fake.setPrice('NQZ6', 'CME', 21000);
  fake.setPrice('MNQZ6', 'CME', 21000);
  console.log(
    `Fake Rithmic R|Protocol gateway on ${fake.url} (control API: POST ${fake.url.replace('ws:', 'http:')}/__control/price)`,
  );
  console.log(`User ${user} / password (FAKE_RITHMIC_PASSWORD or the default), account FAKE-0001`);
  console.log(`Request limits: ${limits} (--limits=off or FAKE_RITHMIC_LIMITS=off)`);
});
