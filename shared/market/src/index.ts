/** Trading knowledge shared by the server and the remotes. Pure functions and constants: no state, no I/O. */
export {
  CONTRACTS,
  CONTRACT_ROOTS,
  contractRoot,
  crossSymbol,
  frontMonth,
  isContractRoot,
  pointValue,
  rootOf,
  roundToTick,
  specOf,
  type ContractRoot,
  type ContractSpec,
} from './contracts';
export { tradeDayKey, tradeDayStart } from './session-day';
export { matchFifo, type Fill, type FillSide, type FifoMatch, type OpenLot } from './fills';
export { fifoRoundTrips, type RoundTrip } from './round-trips';
export { roundMoney, roundTo } from './money';
export { formatContractPrice, priceDecimals } from './price-format';
