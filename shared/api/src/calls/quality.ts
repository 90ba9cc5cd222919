import { http } from '@synctrade/api/session';
import type {
  CopyStory,
  QualityFills,
  QualityFillsQuery,
  QualityPeriodQuery,
  QualitySummary,
} from '../types/quality';
import type { CallOptions } from './call-options';

/** Per-follower copy quality over a period. */
export async function getQualitySummary(
  period: QualityPeriodQuery,
  options: CallOptions = {},
): Promise<QualitySummary> {
  return (await http.get<QualitySummary>('/quality/summary', { ...options, params: period })).data;
}
/** One page of leader fills with each follower's outcome. */
export async function getQualityFills(
  query: QualityFillsQuery,
  options: CallOptions = {},
): Promise<QualityFills> {
  return (await http.get<QualityFills>('/quality/fills', { ...options, params: query })).data;
}
/** The leader fills and outcomes of a period as CSV text. */
export async function getQualityCsv(period: QualityPeriodQuery, options: CallOptions = {}): Promise<string> {
  return (await http.get<string>('/quality/fills.csv', { ...options, params: period, responseType: 'text' }))
    .data;
}
/** The chain behind one follower order (its id or client order id). */
export async function getCopyStory(ref: string, options: CallOptions = {}): Promise<CopyStory> {
  return (await http.get<CopyStory>(`/quality/story/${encodeURIComponent(ref)}`, options)).data;
}
