/**
 * The free tools travel as one chunk: both tools, their shared results and their layout. The
 * entry's table of lazy chunks (part of every page's first download) then names a handful of
 * files instead of twenty, and moving between the tools downloads nothing more.
 */
export { Component as FreeToolsLayout } from '../../components/FreeToolsLayout';
export { Component as BusinessIdeasGenerator } from './BusinessIdeasGenerator';
export { Component as SharedBusinessIdeas } from './SharedBusinessIdeas';
export { Component as SharedUserPersona } from './SharedUserPersona';
export { Component as UserPersonaGenerator } from './UserPersonaGenerator';
