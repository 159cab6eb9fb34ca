/** Questions and answers of /pricing and /demo. */
export interface Faq {
  question: string;
  answer: string;
}

export const PRICING_FAQS: readonly Faq[] = [
  {
    question: 'What do I get for free?',
    answer: 'The first 2 of the 8 phases: finding an idea, and estimating the scale and impact of the problem with real-world data. No card is needed.',
  },
  {
    question: 'Is Pro a subscription?',
    answer: 'No. Pro is a one-time payment of $149 that gives you lifetime access to all 8 phases for up to 5 projects, with every update to those features.',
  },
  {
    question: 'Can I get a refund?',
    answer: 'Yes. If Pro is not for you, ask within 14 days of your most recent payment and we refund it in full. Refunds take 5-10 business days to arrive.',
  },
  {
    question: 'Is my idea used to train AI models?',
    answer: 'Not with privacy mode on: your projects are then never used for training. Your data is hosted in the EU.',
  },
  {
    question: 'Can my co-founder work with me?',
    answer: 'Yes. Invite collaborators to a project and work on it together in real time.',
  },
  {
    question: 'Which languages does it speak?',
    answer: 'Write in your language and Launchmate answers in it.',
  },
];

export const DEMO_FAQS: readonly Faq[] = [
  {
    question: 'What happens after I sign up?',
    answer: 'You describe an idea, or ask for help finding one, and Launchmate guides you through the first phase straight away. The first 2 phases are free.',
  },
  {
    question: 'Where does the market research come from?',
    answer: 'From public discussions on social media and the web, summarised with links so you can check every claim yourself.',
  },
  {
    question: 'Will it just tell me my idea is great?',
    answer: 'No. Launchmate is built to be critical rather than flattering: it points out weak demand, strong competitors and risky assumptions early.',
  },
  {
    question: 'What is the quick research page?',
    answer: 'A short public questionnaire you share with potential customers to check demand before you build anything.',
  },
];
