/** Wire types of the prop-firm guard, derived from `../schemas/propfirm`. */
import type { Static } from '@sinclair/typebox';
import type * as S from '../schemas/propfirm';

export type FirmId = Static<typeof S.PropRulesSchema>['firm'];
export type NewsKind = Static<typeof S.NewsEventSchema>['kind'];
export type PropRules = Static<typeof S.PropRulesSchema>;
export type PropPreset = Static<typeof S.PropPresetSchema>;
export type PropPresetList = Static<typeof S.PropPresetListSchema>;
export type AccountPropRules = Static<typeof S.AccountPropRulesSchema>;
export type NewsEventPayload = Static<typeof S.NewsEventPayloadSchema>;
export type NewsEvent = Static<typeof S.NewsEventSchema>;
export type PropHeadroom = Static<typeof S.PropHeadroomSchema>;
export type PropRuleEdit = Static<typeof S.PropRuleEditSchema>;
export type PropRuleEdits = Static<typeof S.PropRuleEditsSchema>;
export type PropMailSettings = Static<typeof S.PropMailSettingsSchema>;
