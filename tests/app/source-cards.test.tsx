/**
 * What the source cards say when no discussion is shown: a search that found nothing, sources
 * that could not be searched, or nothing searched at all, never confused with each other.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DiscussionSearchResult } from '#contracts/discussions';
import { SourceCards } from '../../app/pages/app/workspace/phases/problem-scale/SourceCards';

const report = (source: 'hacker_news' | 'stack_exchange' | 'reddit', status: 'ok' | 'unavailable') => ({ source, status, found: 0, cachedQueries: 0 });
const result = (sources: DiscussionSearchResult['sources'], nothingSearched?: string): DiscussionSearchResult => ({
  queries: ['late payments'],
  sources,
  discussions: [],
  ...(nothingSearched ? { nothingSearched } : {}),
});

describe('empty source cards', () => {
  it('say that nothing could be searched when every source was unavailable', () => {
    render(
      <SourceCards
        queries={['late payments']}
        result={result([report('hacker_news', 'unavailable'), report('stack_exchange', 'unavailable')], 'Nothing could be searched: …')}
      />,
    );
    expect(screen.getByText(/^Nothing could be searched: Hacker News, Stack Exchange were unavailable\. This says nothing about the problem/)).toBeTruthy();
    expect(screen.queryByText(/No discussions matched/)).toBeNull();
  });

  it('name where nothing matched and which sources were unavailable', () => {
    render(<SourceCards queries={['late payments']} result={result([report('hacker_news', 'ok'), report('stack_exchange', 'unavailable')])} />);
    expect(screen.getByText('No discussions matched on Hacker News. Stack Exchange was unavailable.')).toBeTruthy();
  });
});
