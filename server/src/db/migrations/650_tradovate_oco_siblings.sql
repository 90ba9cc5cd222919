-- A follower's stop and target go to Tradovate as one `placeOCO`: the first order carries our client order id on
-- its `New` command, the second (`other`) may not, and is then found through the first order's `linkedId`. The
-- pair is written here before it is sent, so a restarted server or another node can still find the second order
-- by its client order id after an answer was lost.
CREATE TABLE tradovate_oco_siblings (
  environment text NOT NULL CHECK (environment IN ('demo', 'live')),
  tradovate_user_id bigint NOT NULL,
  sibling_client_order_id text NOT NULL,
  first_client_order_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (environment, tradovate_user_id, sibling_client_order_id)
);
