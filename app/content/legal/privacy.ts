import { COMPANY, LEGAL_LAST_UPDATED, type LegalDocument } from './types';

/** The Privacy Policy of /privacy: 11 sections. */
export const PRIVACY: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: LEGAL_LAST_UPDATED,
  intro: `This policy explains what personal data ${COMPANY.name} collects when you use Launchmate, why we collect it, where it is processed, and the rights you have over it. We collect as little as we can and never sell your data.`,
  sections: [
    {
      id: 'controller',
      title: 'Who is responsible for your data',
      blocks: [
        `The controller of your personal data is ${COMPANY.name}, a company registered in ${COMPANY.country}. We process personal data under the EU General Data Protection Regulation (GDPR) and Romanian law. For any privacy question or request, write to ${COMPANY.email}.`,
      ],
    },
    {
      id: 'data-we-collect',
      title: 'The data we collect',
      blocks: [
        {
          list: [
            'Account data: your e-mail address, a hash of your password (never the password itself), or your name and e-mail address from Google if you sign in with it.',
            'Project data: the ideas, messages, notes, research and documents you create, and the collaborators you invite.',
            'Research answers: what respondents enter on a research page, including an e-mail address only if they choose to give one.',
            'Free tool inputs: the industry or product description you enter, which is not linked to an identity when you are signed out.',
            'Payment data: the plan you bought and the payment status. Card details are handled by our payment provider and never reach us.',
            'Technical data: your IP address (kept only briefly, for security and rate limits), browser type, error reports and pages visited through our own first-party analytics.',
            'Affiliate data: the details you give in an affiliate application, and which referral link brought a visitor.',
          ],
        },
      ],
    },
    {
      id: 'how-we-use-data',
      title: 'How we use your data and on what legal basis',
      blocks: [
        {
          list: [
            'To provide Launchmate and your plan (performance of our contract with you).',
            'To send account e-mails such as verification, password reset and invitations (contract), and product news you can unsubscribe from in one click (legitimate interest or consent).',
            'To keep the service secure, prevent abuse and fix errors (legitimate interest).',
            'To understand, in aggregate, which pages and features are used, so we can improve them (legitimate interest).',
            'To keep accounting and tax records and to meet other legal obligations (legal obligation).',
          ],
        },
      ],
    },
    {
      id: 'ai-processing',
      title: 'AI processing',
      blocks: [
        'To answer you, Launchmate sends the relevant parts of your messages and project to AI model providers. This AI processing may take place outside the European Union. Providers process the data only to produce the answer, under data processing agreements and the safeguards described below.',
        'With privacy mode on, your projects are never used to train AI models, neither ours nor our providers’. You can turn privacy mode on before you sign up and at any time in your account settings; it is saved with your account.',
        'When the co-founder looks for evidence of a problem, it searches public discussions on Hacker News (through Algolia’s search), Stack Exchange and, when enabled, Reddit. What leaves Launchmate for these sites is only the search phrases, a few words each about the problem (and, for Stack Exchange, the name of the site searched): never your messages, your project memory, your name or your e-mail address. With privacy mode on, a phrase that copies wording from your project memory or your messages, beyond the words of the chosen problem itself, is refused before anything is sent. Search results are kept for 24 hours so that the same search is not repeated.',
      ],
    },
    {
      id: 'storage-and-transfers',
      title: 'Where your data is stored and international transfers',
      blocks: [
        'Your account and project data are hosted in the European Union. When data leaves the European Union, as it may for AI processing, we rely on an adequacy decision of the European Commission or on the Commission’s Standard Contractual Clauses, with additional measures where needed. You can ask us for a copy of these safeguards.',
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies and local storage',
      blocks: [
        'We use only the cookies and browser storage that Launchmate needs:',
        {
          list: [
            'Session cookies that keep you signed in, marked secure and HTTP-only.',
            'A referral cookie that remembers which affiliate link brought you, for 30 days.',
            'Local settings in your browser, such as privacy mode and the draft of your first message, which never leave your device until you send them.',
          ],
        },
        'We do not use advertising cookies or third-party trackers. Our analytics are first-party: events are sent to our own servers and are not shared with advertisers.',
      ],
    },
    {
      id: 'sharing',
      title: 'Who we share data with',
      blocks: [
        'We share personal data only with providers that help us run Launchmate, and only as much as each needs: hosting and database, e-mail delivery, payment processing, sign-in with Google and AI model providers. The public discussion sites the co-founder searches receive search phrases only, as described under AI processing. Each is bound by a data processing agreement. The collaborators you invite see the projects you share with them, and founders see the answers given on their research pages.',
        'We never sell personal data. We disclose it to authorities only when the law requires it.',
      ],
    },
    {
      id: 'retention',
      title: 'How long we keep data',
      blocks: [
        'We keep account and project data for as long as your account exists. When you delete your account in your account settings, it is deleted at once and in one step: your account, your sessions, your memberships of other founders’ projects, and every project you own with its research pages and responses, except the projects you choose to hand to one of their members, which from then on belong to that member. We confirm the deletion by e-mail. Our database provider’s recovery copies expire within 30 days; we keep only records the law requires, such as invoices. Security logs and IP-based counters are kept for a short time only, from minutes to a few weeks. Error reports are kept for up to 90 days.',
      ],
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      blocks: [
        'Under the GDPR you have the right to access your data, to have it corrected or deleted, to restrict or object to its processing, to receive it in a portable format, and to withdraw consent at any time.',
        'Two of these rights you can use yourself, at any time, in your account settings. “Export my data” downloads a JSON file of your account, your projects and memberships, their research pages and responses, and, for every project you belong to, the conversation with the co-founder (each member’s messages with their author and time, the co-founder’s answers and how each ended) the project memory with every change made to it, and the project’s canvas (never your password, which we do not have, nor its hash). “Delete my account” deletes your account as described under “How long we keep data”. For every other request, write to us; we answer within one month.',
        'You also have the right to complain to a supervisory authority, in Romania the National Supervisory Authority for Personal Data Processing (ANSPDCP), or the authority of the country where you live.',
      ],
    },
    {
      id: 'security-and-children',
      title: 'Security and children',
      blocks: [
        'We protect your data with encryption in transit, hashed passwords, short-lived sessions and strict access controls, and we test our defences regularly. No system is perfectly secure; if a breach affects you, we will tell you as the law requires.',
        'Launchmate is not meant for children under 16, and we do not knowingly collect their data.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to this policy and contact',
      blocks: [
        'If we change this policy in a way that matters, we will tell you by e-mail and on this page at least 30 days before the change takes effect.',
        `Questions, requests or complaints: ${COMPANY.email}.`,
      ],
    },
  ],
};
