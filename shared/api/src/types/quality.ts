/** Wire types of copy quality, derived from `../schemas/quality`. */
import type { Static } from '@sinclair/typebox';
import type * as S from '../schemas/quality';

export type CopyOutcomeKind = Static<typeof S.CopyOutcomeKindSchema>;
export type QualityPeriodQuery = Static<typeof S.QualityPeriodQuerySchema>;
export type QualityFillsQuery = Static<typeof S.QualityFillsQuerySchema>;
export type QualityMiss = Static<typeof S.QualityMissSchema>;
export type FollowerQuality = Static<typeof S.FollowerQualitySchema>;
export type QualitySummary = Static<typeof S.QualitySummarySchema>;
export type FollowerOutcome = Static<typeof S.FollowerOutcomeSchema>;
export type LeaderFillQuality = Static<typeof S.LeaderFillQualitySchema>;
export type QualityFills = Static<typeof S.QualityFillsSchema>;
export type CopyStoryStep = Static<typeof S.CopyStoryStepSchema>;
export type CopyStory = Static<typeof S.CopyStorySchema>;
