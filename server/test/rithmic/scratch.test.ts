import { migrate } from '../../src/db/migrate';
import { createTestDb } from '../support/test-db';
import { RithmicRig } from './support/rithmic-rig';
it('scratch', async () => {
  const db = await createTestDb(); await migrate(db);
  const rig = await RithmicRig.start(db, 'sim', [{ ratio: 2 }, { ratio: 1 }, { ratio: 1 }]);
  await rig.settle();
  rig.fake.setFaults({ loseAnswers: { remaining: 1, templates: [312] } });
  await rig.leaderTrade('buy', 2);
  await rig.settle();
  console.log(rig.log.join('\n'));
  console.log(rig.fake.world.orders().map((o) => `${o.accountId} ${o.userTag} ${o.qty} ${o.status}`).join('\n'));
  console.log('312s', rig.fake.world.requests(312), '320s', rig.fake.world.requests(320), '3506s', rig.fake.world.requests(3506));
  await rig.close(); await db.close();
}, 120000);
