import type { FirmId } from '@synctrade/api';
import { PROP_RULE_FIELDS, type PropRuleField } from '@synctrade/api/validation';

/** Rule parts that are not editable one by one, named for a trader. */
const OTHER_RULE_NAMES: Record<string, string> = {
  'drawdown.mode': 'Drawdown type (intraday or end of day)',
  'drawdown.lockAt': 'Balance where the drawdown stops trailing',
  'drawdown.enabled': 'Trailing drawdown',
  'dayStart.time': 'Trading day start',
  'flatBy.time': 'Flat-by time',
};

/** A rule's name for a trader, never its code path (`drawdown.amount` → "Trailing drawdown"). */
export function ruleName(path: string): string {
  if (path in PROP_RULE_FIELDS) return PROP_RULE_FIELDS[path as PropRuleField].label;
  return (
    OTHER_RULE_NAMES[path] ??
    path
      .replace(/[.]/g, ' ')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
  );
}

/**
 * The firms' own sites: only these are shown as a preset's sources. A page of a third party (a blog, a review
 * site) may be where a figure was found, but it is not the firm's word.
 */
const FIRM_HOSTS: Record<FirmId, readonly string[]> = {
  topstep: ['topstep.com'],
  apex: ['apextraderfunding.com', 'atf.com'],
  takeprofittrader: ['takeprofittrader.com', 'takeprofittrader.crunch.help'],
  myfundedfutures: ['myfundedfutures.com'],
  tradeify: ['tradeify.co', 'intercom.help/tradeify'],
  bulenox: ['bulenox.com'],
  custom: [],
};

function isFirmPage(firm: FirmId, url: URL): boolean {
  const address = `${url.hostname}${url.pathname}`;
  return FIRM_HOSTS[firm].some((host) => {
    const [domain = '', ...path] = host.split('/');
    const onDomain = url.hostname === domain || url.hostname.endsWith(`.${domain}`);
    return (
      onDomain &&
      (path.length === 0 || address.startsWith(host) || url.pathname.startsWith(`/${path.join('/')}`))
    );
  });
}

/** The page's name from its address: its last part without the article number, in words. */
function pageName(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop() ?? url.hostname;
  const words = decodeURIComponent(last).replace(/^\d+-/, '').replace(/[-_]+/g, ' ').trim();
  return words.length > 0 ? words.charAt(0).toUpperCase() + words.slice(1) : url.hostname;
}

export interface SourceLink {
  href: string;
  text: string;
}

/** A preset's sources that are the firm's own pages, each with the page's name as its text. */
export function firmSources(firm: FirmId, sources: readonly string[]): SourceLink[] {
  return sources.flatMap((source) => {
    let url: URL;
    try {
      url = new URL(source);
    } catch {
      return [];
    }
    return isFirmPage(firm, url) ? [{ href: url.href, text: pageName(url) }] : [];
  });
}
