export { bus, createEventBus } from './bus';
export type { EventBus } from './bus';
export type { BusEvents, BusEventName, Theme } from './events';
export { useBusEvent } from './use-bus-event';
