import { getToolName, isToolUIPart } from 'ai';
import { artifactDefinition } from '#contracts/phases/registry';
import type { MemoryEntry, WorkspaceMessage } from '#contracts/workspace';
import { textOf } from './context';
import { allModules, phaseModule } from './phases/registry';
import type { PhaseHost } from './phases/types';
import { copiedPrivateWording } from './privacy';
import type { ReadPage } from './tools/actions';

/**
 * What the co-founder may cite: the addresses every phase's tools returned in this conversation
 * (each phase says which outputs count), with the pages read, and what each phase keeps that is
 * citable too (what research runs found).
 */
export function collectEvidence(messages: readonly WorkspaceMessage[], env: Cloudflare.Env, hostOf: (phase: number) => PhaseHost) {
  const urls = new Set<string>();
  const pages = new Map<string, ReadPage>();
  const modules = allModules();
  const addPage = (page: ReadPage) => {
    // The same address read twice (a discussion in two searches, answers read again): both texts count.
    const known = pages.get(page.url);
    pages.set(page.url, known && known.text !== page.text ? { ...page, text: `${known.text}\n${page.text}` } : page);
  };
  for (const message of messages) {
    for (const part of message.parts) {
      if (!isToolUIPart(part) || part.state !== 'output-available') continue;
      const name = getToolName(part);
      for (const module of modules) {
        const found = module.evidence?.(name, part.output, env);
        for (const url of found?.urls ?? []) urls.add(url);
        for (const page of found?.pages ?? []) addPage(page);
      }
    }
  }
  for (const module of modules) {
    const stored = module.storedEvidence?.(hostOf(module.number));
    for (const url of stored?.urls ?? []) urls.add(url);
    for (const page of stored?.pages ?? []) pages.set(page.url, page);
  }
  return { urls, pages };
}

/**
 * Privacy mode: what a search phrase may not copy (./privacy.ts) is the memory and what the
 * members wrote, except the words a phase makes public (the chosen idea's problem statement).
 */
export function privateWordingCheck(memory: readonly MemoryEntry[], messages: readonly WorkspaceMessage[]) {
  const ownerOf = (entry: MemoryEntry) => phaseModule(artifactDefinition(entry.kind)?.phase.number ?? 0);
  const privateTexts = [
    ...memory.map((entry) => ownerOf(entry)?.privacy?.privateText(entry) ?? JSON.stringify(entry)),
    ...messages.filter((message) => message.role === 'user').map(textOf),
  ];
  const statement = allModules()
    .map((module) => module.privacy?.publicStatement(memory) ?? '')
    .filter(Boolean)
    .join('\n');
  return (phrase: string) => copiedPrivateWording(phrase, privateTexts, statement);
}
