/**
 * The founders' timeline of /our-story. OPERATOR CONTENT: replace with your own story.
 */
export interface StoryMilestone {
  date: string;
  title: string;
  text: string;
}

export const STORY_INTRO =
  'Launchmate started with two founders, a folder of abandoned side projects, and one uncomfortable question: why did we keep building things nobody asked for?';

export const STORY: readonly StoryMilestone[] = [
  {
    date: 'March 2022',
    title: 'The fourth failed launch',
    text: 'Andrei shipped his fourth side project in three years. It worked, it was polished, and it had eleven sign-ups. Like the three before it, it solved a problem nobody had checked was real.',
  },
  {
    date: 'September 2022',
    title: 'A co-founder who says no',
    text: 'Maria, a product researcher, joined him with a rule: no code before twenty conversations. The next idea died in a week, which was the point. The one after that did not.',
  },
  {
    date: 'June 2023',
    title: 'Writing the method down',
    text: 'Friends kept asking how they worked. They wrote their process as eight phases, from finding a problem to launching, and shared it as a checklist. Hundreds of founders used it.',
  },
  {
    date: 'February 2024',
    title: 'Turning the method into a product',
    text: 'A checklist cannot argue with you. They built the first version of Launchmate: an AI that guides each phase, researches real discussions, and is critical rather than flattering.',
  },
  {
    date: 'November 2024',
    title: 'Privacy mode and teams',
    text: 'Founders asked to keep their ideas out of any training and to bring their partners in. Privacy mode and real-time collaboration shipped the same month.',
  },
  {
    date: 'Today',
    title: 'More than 10,000 founders',
    text: 'Launchmate is built in Romania by a small team and trusted by more than 10,000 founders. The first two phases are still free, because finding out early is the whole idea.',
  },
];
