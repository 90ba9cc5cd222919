import type React from 'react';
import styled from 'styled-components';
import { Button, Modal } from '@synctrade/ui';
import { OrderTypesTable } from './order-types-table';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  h3 {
    margin: ${({ theme }) => theme.space(2)} 0 0;
    font-size: 15px;
  }
  p,
  ul {
    margin: 0;
  }
  footer {
    display: flex;
    justify-content: flex-end;
    margin-top: ${({ theme }) => theme.space(4)};
  }
`;

interface InfoModalProps {
  open: boolean;
  onClose(): void;
}

/** 'SyncDesk Guide': how copying works, in a minute of reading. */
export function GuideModal({ open, onClose }: InfoModalProps): React.JSX.Element {
  return (
    <Modal open={open} title="SyncDesk Guide" onClose={onClose}>
      <Body>
        <h3>Leader</h3>
        <p>
          One account is the leader, marked with a star. Trade on it as usual, on your platform or with the
          paper ticket. Pick it with Change leader.
        </p>
        <h3>Followers</h3>
        <p>
          Turn Follow on for each account that should copy the leader. Every order, fill, change and exit of
          the leader is sent to each follower within milliseconds.
        </p>
        <h3>Ratio</h3>
        <p>
          A follower trades the leader&apos;s quantity times its ratio: at 2x, a 1-lot on the leader becomes 2
          lots. Click the ratio to change it; Enter saves, Escape cancels.
        </p>
        <h3>Cross</h3>
        <p>
          With Cross on, a follower copies minis as micros and micros as minis (ES ↔ MES, NQ ↔ MNQ, CL ↔ MCL,
          GC ↔ MGC).
        </p>
        <h3>Risk limits</h3>
        <p>
          Each follower can have a maximum order size, a maximum net position and a daily loss limit. When a
          limit is hit the follower stops copying and its row says so; flatten or sync it to go on.
        </p>
        <h3>Staying in step</h3>
        <p>
          Highlighted cells just changed. A follower that drifts from the leader shows Out of sync with a Sync
          button that brings it back to leader × ratio. Flatten all closes every position and cancels working
          orders.
        </p>
        <h3>Broker request limits</h3>
        <p>
          Brokers cap the requests one login may send: Tradovate about 80 a minute per login, ProjectX 200 a
          minute. Each leader order costs one request per follower, so four followers on one Tradovate login
          spend four requests every time the leader trades.
        </p>
        <p>
          When a login&apos;s budget runs short, the copier does not replay old orders. Each time a request
          can go, it sends a follower one order that takes it to leader × ratio as the leader stands at that
          moment; work the leader has since undone is dropped (a buy then a sell sends nothing, and the copy
          shows Canceled, superseded by the leader&apos;s later order), and exits go before entries.
        </p>
        <p>
          A login&apos;s minute is paced rather than spent at once: a quarter of it goes immediately (20 of
          Tradovate&apos;s 80), the rest evenly over the minute, with a tenth left for the copier&apos;s own
          reads. A burst of leader orders can therefore never use up the broker&apos;s minute: four followers
          on one Tradovate login are each back at leader × ratio within about 10 seconds of the leader&apos;s
          last order.
        </p>
        <p>
          The follower&apos;s row shows the wait instead of ok: the login&apos;s limit, the requests queued,
          the seconds until the next send, and the position it is converging to beside the one it holds.
        </p>
        <p>
          When the leader trades faster than a login&apos;s budget can copy to all its followers, a pace
          warning on the row (and once above the table) gives the arithmetic. Fewer followers per login or a
          slower pace keeps every copy immediate.
        </p>
        <footer>
          <Button type="button" $variant="secondary" onClick={onClose}>
            Close
          </Button>
        </footer>
      </Body>
    </Modal>
  );
}

/** 'Limitations': what the copier cannot do, so no trader is surprised. */
export function LimitationsModal({ open, onClose }: InfoModalProps): React.JSX.Element {
  return (
    <Modal open={open} title="Limitations" onClose={onClose}>
      <Body>
        <ul>
          <li>
            Market hours: copies are sent only while the exchange is open; orders placed when it is closed are
            rejected by the broker and shown as Rejected with the reason.
          </li>
          <li>
            Rate limits: Tradovate allows about 80 requests a minute per Tradovate user, ProjectX 200 a minute
            per login. Many followers under one login share that budget; when it runs out, the follower shows
            the wait and goes straight to leader × ratio once a request can go (see the Guide).
          </li>
          <li>
            Partial fills: each fill of the leader is copied as it comes, times the ratio, rounded to whole
            contracts. With small ratios a follower can end a trade one contract off; use Sync to square it.
          </li>
          <li>
            Not copied: trades placed directly on a follower, positions opened before the account started
            following, and changes made while the copier or the broker connection was down (they are
            reconciled on reconnect).
          </li>
          <li>
            Rithmic sessions: Rithmic limits the sessions of one login. Signing in with the same login on
            another platform (R Trader Pro, NinjaTrader) can log the copier out; the connection then shows
            why, and the copier does not keep signing back in to take the session from your platform.
          </li>
          <li>
            Order types: each broker takes the leader&apos;s orders as in the table below. Where a
            follower&apos;s broker cannot take a type, the copy says in the orders list what was sent instead
            and why.
          </li>
          <li>
            One leader per copy group: a follower copies its own group’s leader only, and an account belongs
            to one group, so nothing is copied twice through a chain.
          </li>
        </ul>
        <OrderTypesTable />
        <footer>
          <Button type="button" $variant="secondary" onClick={onClose}>
            Close
          </Button>
        </footer>
      </Body>
    </Modal>
  );
}
