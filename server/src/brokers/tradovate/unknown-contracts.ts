import type { FeedState } from './feed-state';
import { isRecord, optNumber } from './json';

/** Told each unknown contract id; returning true stops the walk there. */
type Found = (contractId: number) => boolean;

const stopAtFirst: Found = () => true;

/**
 * Whether a `props` event names a contract the state does not know: the question of every event on the copy's
 * path, answered by the walk `missingContracts` makes, stopped at the first unknown id and allocating nothing.
 */
export function mentionsUnknownContract(state: FeedState, payload: unknown): boolean {
  return visitUnknownContracts(state, payload, stopAtFirst);
}

/** Contract ids mentioned by entities that the state cannot name yet (a `props` event or a snapshot). */
export function missingContracts(state: FeedState, payload: unknown): number[] {
  const ids = new Set<number>();
  visitUnknownContracts(state, payload, (id) => {
    ids.add(id);
    return false;
  });
  return [...ids];
}

/**
 * The one walk: an event's `entity`, or a snapshot part's `orders`, `fills` and `positions`, each one entity
 * or an array of them, in a payload of one part or an array of parts.
 */
function visitUnknownContracts(state: FeedState, payload: unknown, found: Found): boolean {
  if (!Array.isArray(payload)) return visitPart(state, payload, found);
  for (const part of payload) if (visitPart(state, part, found)) return true;
  return false;
}

function visitPart(state: FeedState, part: unknown, found: Found): boolean {
  if (!isRecord(part)) return false;
  return (
    visitEntities(state, part.entity, found) ||
    visitEntities(state, part.orders, found) ||
    visitEntities(state, part.fills, found) ||
    visitEntities(state, part.positions, found)
  );
}

function visitEntities(state: FeedState, entities: unknown, found: Found): boolean {
  if (!Array.isArray(entities)) return visitEntity(state, entities, found);
  for (const entity of entities) if (visitEntity(state, entity, found)) return true;
  return false;
}

function visitEntity(state: FeedState, entity: unknown, found: Found): boolean {
  if (!isRecord(entity)) return false;
  const id = optNumber(entity, 'contractId');
  return id !== undefined && !state.hasContract(id) && found(id);
}
