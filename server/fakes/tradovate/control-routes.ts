import type { FakeControl, HumanOrder } from './control';
import type { Faults } from './faults';

/** `POST /__control/<action>` with a JSON body: the HTTP face of the control handle, for manual and browser runs. */
export function runControl(control: FakeControl, action: string, body: Record<string, unknown>): unknown {
  const text = (key: string, fallback: string): string =>
    typeof body[key] === 'string' ? (body[key] as string) : fallback;
  const number = (key: string): number => Number(body[key]);
  switch (action) {
    case 'users':
      return control.addUser(
        text('name', 'Trader'),
        Array.isArray(body.accounts)
          ? (body.accounts as Array<{ name: string; balance?: number }>)
          : [{ name: 'DEMO1' }],
      );
    case 'token':
      return control.issueToken(
        number('userId'),
        body.lifetimeSec === undefined ? undefined : number('lifetimeSec'),
      );
    case 'token-lifetime':
      return control.setTokenLifetime(number('seconds'));
    case 'price':
      return control.setPrice(text('symbol', ''), number('price'));
    case 'order':
      return control.placeHumanOrder(body as unknown as HumanOrder);
    case 'faults':
      return control.setFaults(body as Partial<Faults>);
    case 'clear-faults':
      return control.clearFaults();
    case 'shutdown':
      return control.shutdown(text('reasonCode', 'Maintenance'));
    case 'close-sockets':
      return control.closeSockets(
        body.code === undefined ? 1000 : number('code'),
        text('reason', 'Closed by server'),
      );
    case 'drop-sockets':
      return control.dropSockets();
    case 'state':
      return {
        orders: control.orders(),
        sockets: control.socketCount(),
        penaltyResends: control.penaltyResends(),
      };
    default:
      throw new Error(`Unknown control action ${action}`);
  }
}
