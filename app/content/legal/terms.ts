import { COMPANY, LEGAL_LAST_UPDATED, type LegalDocument } from './types';

/** The Terms of Service of /terms: 16 sections. */
export const TERMS: LegalDocument = {
  title: 'Terms of Service',
  lastUpdated: LEGAL_LAST_UPDATED,
  intro: `These Terms of Service govern your use of Launchmate, the website, web application, free tools and research pages operated by ${COMPANY.name}. Please read them carefully: by using Launchmate you agree to them.`,
  sections: [
    {
      id: 'acceptance',
      title: 'Acceptance of these terms',
      blocks: [
        'By creating an account, buying a plan, using a free tool or answering a research page, you agree to these terms and to our Privacy Policy. If you use Launchmate on behalf of a company or another organisation, you confirm that you are allowed to accept these terms for it, and "you" then also means that organisation.',
        'If you do not agree with these terms, do not use Launchmate.',
      ],
    },
    {
      id: 'who-we-are',
      title: 'Who we are',
      blocks: [
        `Launchmate is operated by ${COMPANY.name}, a company registered in ${COMPANY.country} ("we", "us", "our"). You can reach us at any time at ${COMPANY.email}.`,
      ],
    },
    {
      id: 'accounts',
      title: 'Your account',
      blocks: [
        'You need an account for most of Launchmate. You can sign up with an e-mail address and a password, or with Google. You must be at least 16 years old to create an account.',
        {
          list: [
            'Give us accurate information and keep your e-mail address up to date, because we use it for important messages about your account.',
            'Keep your password secret and do not share your account. You are responsible for what happens under your account.',
            `Tell us at ${COMPANY.email} straight away if you think someone else has accessed your account.`,
          ],
        },
      ],
    },
    {
      id: 'the-service',
      title: 'The service',
      blocks: [
        'Launchmate is an AI co-founder. It guides you through 8 structured phases, from finding an idea to launching a product, with market research, a project memory, a visual canvas, a development plan and, on paid plans, further research and planning tools. We also offer free public tools and research pages that let you collect answers from the people you want to build for.',
        'We keep improving Launchmate, so features may change. When we remove a feature that is part of a plan you have paid for, we will replace it with something of similar value or offer you a fair remedy.',
      ],
    },
    {
      id: 'plans-and-payments',
      title: 'Plans and payments',
      blocks: [
        'The Free plan costs $0 and includes the first 2 phases. The Pro plan is a one-time payment of $149 that gives lifetime access to all phases for up to 5 projects, together with competitor and gap research, user personas, solution shaping, build planning, launch and marketing help, dedicated support and document export.',
        '"Lifetime" means for as long as we operate Launchmate. If we ever close the service, we will tell you at least 30 days in advance and let you export your projects.',
        'Prices are shown in US dollars. Payments are handled by our payment provider; we never see or store your full card details. Taxes such as VAT are added where the law requires them.',
      ],
    },
    {
      id: 'refunds',
      title: 'Refunds',
      blocks: [
        'If Launchmate is not right for you, you can ask for a full refund within 14 days of your payment. The refund applies to your most recent payment only: earlier payments cannot be refunded under this guarantee.',
        `To ask for a refund, write to ${COMPANY.email} from the e-mail address of your account. Once we approve it, the refund is sent to your original payment method and usually takes 5-10 business days to arrive, depending on your bank. When a payment is refunded, the paid features it unlocked end.`,
        'This guarantee does not limit any right you have under consumer protection law in your country.',
      ],
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      blocks: [
        'You agree not to:',
        {
          list: [
            'break the law, or use Launchmate to plan or promote anything illegal, fraudulent or harmful;',
            'upload content you have no right to use, or that infringes the rights of others;',
            'try to get around usage limits, probe or attack our systems, or access data that is not yours;',
            'scrape the service, resell it, or use it to build a competing product;',
            'use research pages to collect sensitive personal data, or send spam to respondents;',
            'use the AI to generate content that harasses, deceives or endangers other people.',
          ],
        },
        'We may suspend accounts that break these rules, as described under Termination and governing law.',
      ],
    },
    {
      id: 'your-content',
      title: 'Your content and ideas',
      blocks: [
        'Your ideas, projects, notes, research answers and documents remain yours. You give us only the permission we need to store, process and display them in order to run Launchmate for you and the collaborators you invite.',
        'With privacy mode on, your projects are never used to train AI models. We do not sell your content, and we do not use it to build our own products.',
      ],
    },
    {
      id: 'ai-output',
      title: 'AI-generated output',
      blocks: [
        'Launchmate uses AI models to generate answers, research summaries, personas and plans. AI output can be incomplete, outdated or wrong. Treat it as advice from a well-read co-founder, not as professional legal, financial or medical advice, and check important facts before you rely on them.',
        'Subject to these terms, you may use the output generated for you for any lawful purpose, including commercially. Other users may receive similar output for similar requests.',
      ],
    },
    {
      id: 'privacy',
      title: 'Privacy and data location',
      blocks: [
        'Our Privacy Policy explains what personal data we process and why. In short: your data is hosted in the European Union, and AI processing may take place outside the European Union with providers bound by appropriate safeguards.',
      ],
    },
    {
      id: 'affiliate-program',
      title: 'Affiliate program',
      blocks: [
        'Our affiliate program lets approved partners earn a commission for founders they refer. We review applications within 72 hours and may accept or decline any application.',
        {
          list: [
            'Affiliates earn a 20% commission on the one-time Pro purchases of the customers they refer, when the purchase is made within the first year after the customer signs up.',
            'Referrals are tracked with a cookie that lasts 30 days from the visitor’s last click on an affiliate link. A purchase made after the cookie expires is not attributed.',
            'Affiliates may not bid on paid ads for our brand keywords, including "Launchmate" and misspellings of it, and may not present themselves as Launchmate.',
            'Commissions are paid on the 1st of each month through our payment service, once the balance reaches the minimum payout of $50. Refunded payments earn no commission.',
          ],
        },
        'We may withhold commissions earned through fraud, self-referrals or a breach of these rules, and end the participation of an affiliate who breaks them.',
      ],
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual property',
      blocks: [
        'Launchmate itself, including its software, design, texts, method and brand, belongs to us or our licensors and is protected by law. These terms give you the right to use the service, not ownership of it. You may not copy, modify or distribute our software or brand without our written permission.',
        'If you send us feedback or suggestions, we may use them freely, without any obligation to you.',
      ],
    },
    {
      id: 'third-party-services',
      title: 'Third-party services',
      blocks: [
        'Launchmate relies on other providers for hosting, e-mail, payments, sign-in with Google and AI processing. Their services are governed by their own terms. We choose them carefully, but we are not responsible for services we do not control, nor for websites we link to.',
      ],
    },
    {
      id: 'liability',
      title: 'Disclaimers and limitation of liability',
      blocks: [
        'We work hard to keep Launchmate available and correct, but we provide it "as is" and cannot promise that it will always be uninterrupted or free of errors, or that any idea will succeed.',
        'To the extent the law allows, we are not liable for indirect or consequential losses, such as lost profits, lost opportunities or lost data, and our total liability to you for any claim is limited to the amount you paid us in the 12 months before the claim. Nothing in these terms limits liability that cannot be limited by law, such as liability for intent or gross negligence.',
      ],
    },
    {
      id: 'termination',
      title: 'Termination and governing law',
      blocks: [
        'You can stop using Launchmate and delete your account at any time. We may suspend or close an account that seriously or repeatedly breaks these terms; where reasonable, we will warn you first and give you a chance to export your projects.',
        'These terms are governed by the laws of Romania. Disputes will be settled by the competent courts of Romania, unless consumer protection law gives you the right to go to the courts of the country where you live.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to these terms and contact',
      blocks: [
        'We may update these terms as Launchmate evolves or the law changes. For any change that affects your rights, we will give you at least 30 days’ notice by e-mail and on this page before it takes effect. If you do not agree with the new terms, you can close your account before they apply; continuing to use Launchmate after that means you accept them.',
        `Questions about these terms? Write to us at ${COMPANY.email}.`,
      ],
    },
  ],
};
