export { RuleMailBlock } from './components/rule-mail-block';
export { useRuleMailStore } from './store/rule-mail-store';
