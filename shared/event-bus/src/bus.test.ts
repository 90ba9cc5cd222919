import { createEventBus } from './bus';

describe('event bus', () => {
  it('when an event is emitted, then every subscriber gets its payload', () => {
    const bus = createEventBus();
    const a = jest.fn();
    const b = jest.fn();
    bus.on('connections:changed', a);
    bus.on('connections:changed', b);
    bus.emit('connections:changed', { connectionId: 4 });
    expect(a).toHaveBeenCalledWith({ connectionId: 4 });
    expect(b).toHaveBeenCalledWith({ connectionId: 4 });
  });

  it('when a subscriber unsubscribes, then it hears nothing more', () => {
    const bus = createEventBus();
    const handler = jest.fn();
    const off = bus.on('copier:changed', handler);
    off();
    bus.emit('copier:changed', {});
    expect(handler).not.toHaveBeenCalled();
  });

  it('when one subscriber throws, then the others still run', () => {
    const bus = createEventBus();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = jest.fn();
    bus.on('theme:changed', () => {
      throw new Error('broken');
    });
    bus.on('theme:changed', after);
    bus.emit('theme:changed', { theme: 'light' });
    expect(after).toHaveBeenCalledWith({ theme: 'light' });
    expect(error).toHaveBeenCalled();
  });
});
