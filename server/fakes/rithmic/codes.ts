/**
 * The rp_codes the fake answers. `0` success and `7 no data` are documented by async_rithmic (base.py
 * `_process_response`), `13 permission denied` on a login without signed agreements by async_rithmic issue #24.
 * Every other code here is the fake's choice: no public source lists Rithmic's codes for these refusals.
 */
export const RP = {
  ok: ['0'],
  noData: ['7', 'no data'],
  agreements: ['13', 'permission denied'],
  badLogin: ['13', 'login failed: bad user name or password'],
  systemNotAllowed: ['13', 'login failed: user not permissioned for this system'],
  badTemplateVersion: ['3', 'unsupported template_version'],
  badPlant: ['3', 'unsupported infra_type'],
  notLoggedIn: ['3', 'not logged in'],
  alreadyLoggedIn: ['3', 'already logged in'],
  wrongPlant: ['3', 'template not served by this plant'],
  unknownTemplate: ['3', 'unknown template_id'],
  malformed: ['3', 'malformed message'],
  throttled: ['9', 'request rate exceeded'],
  unknownAccount: ['5', 'invalid account_id'],
  noTradeRoute: ['5', 'trade_route is required and must be valid for the exchange'],
  badOrder: ['5', 'invalid order parameters'],
  unknownBasket: ['5', 'order not found'],
  orderComplete: ['5', 'order is already complete'],
  atomic: ['5', 'Atomic order operation in progress'],
  manualOrAutoRequired: ['5', 'manual_or_auto is required'],
  tooMany: ['5', 'too many orders'],
  /** rp_code 1112 for a trailing stop without `trail_by_price_id`: the code as pbeets/rithmic-rs reports it. */
  trailPriceId: ['1112', 'trail_by_price_id is required for a trailing stop'],
  ocoLegs: ['5', 'an OCO order takes exactly two legs'],
} as const;

export type RpCode = readonly string[];
