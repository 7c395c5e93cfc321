import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/constants';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ContactEmail, LegalLayout, type LegalSection } from './legal-layout';

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        {PRODUCT_NAME}, Inc. runs the {PRODUCT_NAME} marketplace and is responsible for the personal
        information described in this policy. It applies to our website and app and to the emails we send. Our{' '}
        <Link to="/terms">Terms of Service</Link> explain the rules of the service itself.
      </p>
    ),
  },
  {
    id: 'information',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect only what we need to run campaigns and pay creators:</p>
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address and password (stored only as a secure
            hash), or the basic profile a sign-in provider (Google, Facebook, X or TikTok) shares with your
            permission.
          </li>
          <li>
            <strong>Creator profile:</strong> your PayPal email, phone number, content categories, social
            media usernames and follower or subscriber counts.
          </li>
          <li>
            <strong>Shipping details:</strong> your full name, address and phone number, used to deliver PR
            boxes.
          </li>
          <li>
            <strong>Campaign activity:</strong> your applications, shipments, content links, content metrics
            (such as views, saves, likes, comments and shares), Mint balance and redemptions.
          </li>
          <li>
            <strong>Technical data:</strong> the basic information your browser sends (such as IP address,
            device and browser type) and records of sign-ins, kept to protect your account and the service.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'use',
    title: 'How we use your information',
    body: (
      <ul>
        <li>to create and secure your account, including verifying your email address;</li>
        <li>
          to show you campaigns that match your categories and platforms, and to process your applications;
        </li>
        <li>to let brands ship your PR box and review your content;</li>
        <li>to credit Mint to your balance and send your payouts through PayPal;</li>
        <li>to send you messages about your campaigns, deadlines and payments;</li>
        <li>to prevent fraud and abuse, and to meet our legal obligations.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'How we share information',
    body: (
      <>
        <p>We do not sell your personal information. We share it only when needed:</p>
        <ul>
          <li>
            <strong>With brands</strong> whose campaigns you apply to: your public creator profile, and, once
            you are accepted, the shipping details they need to send your PR box.
          </li>
          <li>
            <strong>With PayPal</strong> to send the payouts you request.
          </li>
          <li>
            <strong>With service providers</strong> that host the service and deliver our emails, under
            contracts that limit their use of your information.
          </li>
          <li>
            <strong>When the law requires it</strong>, or to protect the rights and safety of our users and of{' '}
            {PRODUCT_NAME}.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        We use a small number of cookies that are needed to keep you signed in and to protect your session. We
        do not use advertising cookies or let advertisers track you on {PRODUCT_NAME}.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep information',
    body: (
      <>
        <p>
          We keep your information while your account is open. When you close your account, we delete or
          anonymise your personal information within 90 days, except records we must keep longer for tax,
          accounting or legal reasons (such as payout records).
        </p>
        <p data-testid="privacy-closure">
          You can close your account yourself under <strong>Profile → Close my account</strong>, after
          entering your password (or signing in again within the last 10 minutes if you sign in with Google,
          Facebook, X or TikTok). Closing signs you out everywhere at once and sign-in is refused from then
          on; applications still under review are withdrawn; payouts you already requested are still sent. A
          Mint balance you have not redeemed (you can redeem 50 Mint or more first) is given up, and that is
          recorded in your Mint history. Exactly 90 days after closing, we delete your name, email address,
          social media handles, shipping address, phone numbers, PayPal email, sign-in accounts,
          connected-account tokens and the files you uploaded. We keep your Mint ledger, payout records and
          tax forms, which the law requires, linked only to an anonymous id, so our totals and reports stay
          correct.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        We protect your information with encryption in transit, hashed passwords and verification codes,
        access controls and regular reviews. No system is perfectly secure, so please use a strong, unique
        password and tell us right away if you notice anything unusual.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights and choices',
    body: (
      <>
        <p>
          Depending on where you live, you have the right to access, correct, download or delete your personal
          information, and to object to or limit some uses of it. You can update most details in your profile
          at any time.
        </p>
        <p data-testid="privacy-download">
          To download your information, use <strong>Profile → Download my data</strong>. We prepare a file
          (JSON) with everything we hold about you: your account and profile, social accounts (never their
          access tokens), applications, submitted content and its metrics, messages, Mint ledger and
          transactions, payouts, notifications, sign-in history (the time, IP address and browser of each
          session) and mail preferences. It never contains your password or security codes. We email you a
          link when it is ready; the link works once, for 24 hours, and only while you are signed in to your
          account.
        </p>
        <p>
          To make a request, email <ContactEmail />. We answer within 30 days and will never treat you
          differently for using your rights.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: "Children's privacy",
    body: (
      <p>
        {PRODUCT_NAME} is not for children under 13. We do not knowingly collect personal information from
        children under 13. If you believe a child under 13 has given us personal information, please contact
        us and we will delete it.
      </p>
    ),
  },
  {
    id: 'international',
    title: 'International transfers',
    body: (
      <p>
        {PRODUCT_NAME} is based in the United States, and your information may be processed there. Where the
        law requires it, we use appropriate safeguards for information transferred from other countries.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy from time to time. If we make an important change, we will tell you by email
        or in the app before it takes effect. The date at the top of this page shows when it last changed.
      </p>
    ),
  },
];

/** /privacy */
export function PrivacyPage() {
  useDocumentTitle(
    'Privacy Policy',
    `How ${PRODUCT_NAME} collects, uses and protects your personal information.`,
  );
  return (
    <LegalLayout
      title="Privacy Policy"
      intro={
        <p>
          Your privacy matters to us. This policy explains what information {PRODUCT_NAME} collects, why we
          collect it, who we share it with and the choices you have.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
