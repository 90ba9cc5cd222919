/**
 * Our own protobuf definitions of the R | Protocol messages this adapter uses, only the fields it reads or
 * writes. Field numbers, template ids and enum values are facts read in `rundef/async_rithmic` (v1.6.6,
 * `async_rithmic/protocol_buffers/source/<file>.proto`, named per message below; the 328/329 OCO messages and the
 * trailing fields from the same files in `lgarvey/rithmic-protobuf`). Enums are sent and read as
 * plain int32 values (the numbers are listed in `codes.ts`), so an unknown value never fails a decode.
 */
export const RITHMIC_PROTO = `
syntax = "proto3";
package rti;

// base.proto
message Base {
  int32 template_id = 154467;
}

// request_rithmic_system_info.proto (16)
message RequestRithmicSystemInfo {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
}

// response_rithmic_system_info.proto (17)
message ResponseRithmicSystemInfo {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  repeated string rp_code = 132766;
  repeated string system_name = 153628;
}

// request_login.proto (10); infra_type: 2 ORDER_PLANT, 4 PNL_PLANT
message RequestLogin {
  int32 template_id = 154467;
  string template_version = 153634;
  repeated string user_msg = 132760;
  string user = 131003;
  string password = 130004;
  string app_name = 130002;
  string app_version = 131803;
  string system_name = 153628;
  int32 infra_type = 153621;
}

// response_login.proto (11)
message ResponseLogin {
  int32 template_id = 154467;
  string template_version = 153634;
  repeated string user_msg = 132760;
  repeated string rp_code = 132766;
  string fcm_id = 154013;
  string ib_id = 154014;
  string unique_user_id = 153428;
  double heartbeat_interval = 153633;
}

// request_logout.proto (12)
message RequestLogout {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
}

// response_logout.proto (13)
message ResponseLogout {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  repeated string rp_code = 132766;
}

// request_heartbeat.proto (18)
message RequestHeartbeat {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  int32 ssboe = 150100;
  int32 usecs = 150101;
}

// response_heartbeat.proto (19)
message ResponseHeartbeat {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  repeated string rp_code = 132766;
}

// reject.proto (75)
message Reject {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  repeated string rp_code = 132766;
}

// forced_logout.proto (77): only the template id
message ForcedLogout {
  int32 template_id = 154467;
}

// request_login_info.proto (300)
message RequestLoginInfo {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
}

// response_login_info.proto (301); user_type: 0 ADMIN, 1 FCM, 2 IB, 3 TRADER
message ResponseLoginInfo {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  repeated string rp_code = 132766;
  string fcm_id = 154013;
  string ib_id = 154014;
  string user = 131003;
  int32 user_type = 154036;
  int32 tp_max_session_count = 140000;
  int32 op_max_session_count = 140012;
}

// request_account_list.proto (302)
message RequestAccountList {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  string fcm_id = 154013;
  string ib_id = 154014;
  int32 user_type = 154036;
}

// response_account_list.proto (303)
message ResponseAccountList {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  repeated string rq_handler_rp_code = 132764;
  repeated string rp_code = 132766;
  string fcm_id = 154013;
  string ib_id = 154014;
  string account_id = 154008;
  string account_name = 154002;
  string account_currency = 154383;
}

// request_subscribe_for_order_updates.proto (308), request_subscribe_to_bracket_updates.proto (336),
// request_show_orders.proto (320), request_pnl_position_snapshot.proto (402): the same fields
message RequestForAccount {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  string fcm_id = 154013;
  string ib_id = 154014;
  string account_id = 154008;
}

// response_subscribe_for_order_updates.proto (309), response_subscribe_to_bracket_updates.proto (337),
// response_show_orders.proto (321), response_pnl_position_updates.proto (401),
// response_pnl_position_snapshot.proto (403), response_replay_executions.proto (3507): only the codes
message ResponseCodes {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  repeated string rq_handler_rp_code = 132764;
  repeated string rp_code = 132766;
}

// request_trade_routes.proto (310)
message RequestTradeRoutes {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  bool subscribe_for_updates = 154352;
}

// response_trade_routes.proto (311) and trade_route.proto (350, the same fields without the codes)
message ResponseTradeRoutes {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  repeated string rq_handler_rp_code = 132764;
  repeated string rp_code = 132766;
  string fcm_id = 154013;
  string ib_id = 154014;
  string exchange = 110101;
  string trade_route = 112016;
  string status = 131407;
  bool is_default = 154689;
}

// request_new_order.proto (312) and request_bracket_order.proto (330, with the bracket fields)
message RequestNewOrder {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  string user_tag = 154119;
  string window_name = 154629;
  string fcm_id = 154013;
  string ib_id = 154014;
  string account_id = 154008;
  string symbol = 110100;
  string exchange = 110101;
  int32 quantity = 112004;
  double price = 110306;
  double trigger_price = 149247;
  int32 transaction_type = 112003;
  int32 duration = 112005;
  int32 price_type = 112008;
  string trade_route = 112016;
  int32 manual_or_auto = 154710;
  int32 user_type = 154036;
  int32 bracket_type = 157087;
  int32 target_quantity = 154457;
  int32 target_ticks = 154456;
  int32 stop_quantity = 154459;
  int32 stop_ticks = 154458;
  bool trailing_stop = 157063;
  int32 trail_by_ticks = 157064;
  int32 trail_by_price_id = 157065;
}

// request_oco_order.proto (328): each field once per leg, in leg order (proto2 there: scalars not packed)
message RequestOCOOrder {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  repeated string user_tag = 154119;
  string fcm_id = 154013;
  string ib_id = 154014;
  string account_id = 154008;
  repeated string symbol = 110100;
  repeated string exchange = 110101;
  repeated int32 quantity = 112004 [packed = false];
  repeated double price = 110306 [packed = false];
  repeated double trigger_price = 149247 [packed = false];
  repeated int32 transaction_type = 112003 [packed = false];
  repeated int32 duration = 112005 [packed = false];
  repeated int32 price_type = 112008 [packed = false];
  repeated string trade_route = 112016;
  repeated int32 manual_or_auto = 154710 [packed = false];
  repeated bool trailing_stop = 157063 [packed = false];
  repeated int32 trail_by_ticks = 157064 [packed = false];
  repeated int32 trail_by_price_id = 157065 [packed = false];
}

// response_oco_order.proto (329): user_tag and basket_id per leg
message ResponseOCOOrder {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  repeated string user_tag = 154119;
  repeated string rq_handler_rp_code = 132764;
  repeated string rp_code = 132766;
  repeated string basket_id = 110300;
}

// response_new_order.proto (313), response_bracket_order.proto (331), response_modify_order.proto (315),
// response_cancel_order.proto (317)
message ResponseOrder {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  string user_tag = 154119;
  repeated string rq_handler_rp_code = 132764;
  repeated string rp_code = 132766;
  string basket_id = 110300;
}

// request_modify_order.proto (314)
message RequestModifyOrder {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  string window_name = 154629;
  string fcm_id = 154013;
  string ib_id = 154014;
  string account_id = 154008;
  string basket_id = 110300;
  string symbol = 110100;
  string exchange = 110101;
  int32 quantity = 112004;
  double price = 110306;
  double trigger_price = 149247;
  int32 price_type = 112008;
  int32 manual_or_auto = 154710;
  bool trailing_stop = 157063;
  int32 trail_by_ticks = 157064;
}

// request_cancel_order.proto (316)
message RequestCancelOrder {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  string window_name = 154629;
  string fcm_id = 154013;
  string ib_id = 154014;
  string account_id = 154008;
  string basket_id = 110300;
  int32 manual_or_auto = 154710;
}

// request_exit_position.proto (3504)
message RequestExitPosition {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  string window_name = 154629;
  string fcm_id = 154013;
  string ib_id = 154014;
  string account_id = 154008;
  string symbol = 110100;
  string exchange = 110101;
  int32 manual_or_auto = 154710;
}

// request_replay_executions.proto (3506)
message RequestReplayExecutions {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  string fcm_id = 154013;
  string ib_id = 154014;
  string account_id = 154008;
  int32 start_index = 153002;
  int32 finish_index = 153003;
}

// request_show_fill_history.proto (3512)
message RequestShowFillHistory {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  string fcm_id = 154013;
  string ib_id = 154014;
  string account_id = 154008;
  string index_format = 120001;
  int32 start_index = 153002;
  int32 finish_index = 153003;
  int32 max_record_count = 154020;
}

// response_show_fill_history.proto (3513)
message ResponseShowFillHistory {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  repeated string rq_handler_rp_code = 132764;
  repeated string rp_code = 132766;
  string basket_id = 110300;
  string account_id = 154008;
  string symbol = 110100;
  string exchange = 110101;
  string transaction_type = 112003;
  string fill_time = 110309;
  string fill_date = 110310;
  string fill_id = 110311;
  double fill_price = 110307;
  uint64 fill_size = 110308;
  int32 ssboe = 150100;
}

// rithmic_order_notification.proto (351)
message RithmicOrderNotification {
  int32 template_id = 154467;
  string user_tag = 154119;
  int32 notify_type = 153625;
  bool is_snapshot = 110121;
  string status = 110303;
  string basket_id = 110300;
  string linked_basket_ids = 110358;
  string account_id = 154008;
  string symbol = 110100;
  string exchange = 110101;
  string completion_reason = 149273;
  int32 quantity = 112004;
  double price = 110306;
  double trigger_price = 149247;
  int32 transaction_type = 112003;
  int32 price_type = 112008;
  int32 bracket_type = 157087;
  double avg_fill_price = 110322;
  int32 total_fill_size = 154111;
  int32 total_unfilled_size = 154112;
  int32 trail_by_ticks = 157064;
  string text = 120008;
  int32 ssboe = 150100;
  int32 usecs = 150101;
}

// exchange_order_notification.proto (352)
message ExchangeOrderNotification {
  int32 template_id = 154467;
  string user_tag = 154119;
  int32 notify_type = 153625;
  bool is_snapshot = 110121;
  string status = 110303;
  string basket_id = 110300;
  string linked_basket_ids = 110358;
  string account_id = 154008;
  string symbol = 110100;
  string exchange = 110101;
  int32 quantity = 112004;
  double price = 110306;
  double trigger_price = 149247;
  int32 transaction_type = 112003;
  int32 price_type = 112008;
  double fill_price = 110307;
  int32 fill_size = 110308;
  string fill_time = 110309;
  string fill_date = 110310;
  string fill_id = 110311;
  double avg_fill_price = 110322;
  int32 total_fill_size = 154111;
  int32 total_unfilled_size = 154112;
  string text = 120008;
  string report_text = 120028;
  int32 ssboe = 150100;
  int32 usecs = 150101;
}

// request_pnl_position_updates.proto (400); request: 1 SUBSCRIBE, 2 UNSUBSCRIBE
message RequestPnLPositionUpdates {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  int32 request = 100000;
  string fcm_id = 154013;
  string ib_id = 154014;
  string account_id = 154008;
}

// instrument_pnl_position_update.proto (450): day P&L figures are doubles here
message InstrumentPnLPositionUpdate {
  int32 template_id = 154467;
  bool is_snapshot = 110121;
  string account_id = 154008;
  string symbol = 110100;
  string exchange = 110101;
  int32 fill_buy_qty = 154041;
  int32 fill_sell_qty = 154042;
  double avg_open_fill_price = 154434;
  double day_open_pnl = 157954;
  double day_closed_pnl = 157955;
  double day_pnl = 157956;
  string open_position_pnl = 156961;
  int32 open_position_quantity = 156962;
  string closed_position_pnl = 156963;
  int32 net_quantity = 156967;
  int32 ssboe = 150100;
  int32 usecs = 150101;
}

// account_pnl_position_update.proto (451): money as strings
message AccountPnLPositionUpdate {
  int32 template_id = 154467;
  bool is_snapshot = 110121;
  string account_id = 154008;
  string open_position_pnl = 156961;
  string closed_position_pnl = 156963;
  int32 net_quantity = 156967;
  string account_balance = 156970;
  string cash_on_hand = 156971;
  string day_open_pnl = 157954;
  string day_closed_pnl = 157955;
  string day_pnl = 157956;
  int32 ssboe = 150100;
  int32 usecs = 150101;
}
`;
